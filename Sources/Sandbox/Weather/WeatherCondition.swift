/// The sky the weather model knows, with the names and pictures each format uses for it.
public enum WeatherCondition: String, Sendable, CaseIterable {
    case clear, partlyCloudy, cloudy, rain, snow, thunder, fog

    /// yr.no's symbol: number, name and picture (`var`, with d/n for day and night where yr has both).
    func yrSymbol(daytime: Bool) -> (number: Int, name: String, variable: String) {
        let yr = names.yr
        return (yr.number, yr.name, yr.hasNight ? yr.picture + (daytime ? "d" : "n") : yr.picture)
    }

    /// Google's condition text and icon path.
    var google: (text: String, icon: String) {
        (names.google.text, "/ig/images/weather/" + names.google.picture + ".gif")
    }

    /// NWS's weather summary and forecast icon (without the probability suffix).
    var nws: (summary: String, icon: String, type: String?) { names.nws }

    /// What each format calls a condition: one row per condition.
    private struct Names {
        /// yr.no's symbol number, name and picture, and whether the picture has a day and a night form.
        let yr: (number: Int, name: String, picture: String, hasNight: Bool)
        /// Google's condition text and the name of its icon in `/ig/images/weather/`.
        let google: (text: String, picture: String)
        /// NWS's summary, icon and, where the forecast names one, weather type.
        let nws: (summary: String, icon: String, type: String?)
    }

    private var names: Names {
        switch self {
        case .clear: Names(yr: (1, "Clear sky", "01", true), google: ("Clear", "sunny"), nws: ("Sunny", "skc", nil))
        case .partlyCloudy: Names(yr: (3, "Partly cloudy", "03", true), google: ("Partly Cloudy", "partly_cloudy"), nws: ("Partly Sunny", "sct", nil))
        case .cloudy: Names(yr: (4, "Cloudy", "04", false), google: ("Cloudy", "cloudy"), nws: ("Mostly Cloudy", "bkn", nil))
        case .rain: Names(yr: (9, "Rain", "09", false), google: ("Rain", "rain"), nws: ("Rain", "ra", "rain"))
        case .snow: Names(yr: (13, "Snow", "13", false), google: ("Snow", "snow"), nws: ("Snow", "sn", "snow"))
        case .thunder: Names(yr: (11, "Heavy rain and thunder", "11", false), google: ("Thunderstorm", "thunderstorm"), nws: ("Thunderstorms", "tsra", "thunderstorms"))
        case .fog: Names(yr: (15, "Fog", "15", false), google: ("Fog", "fog"), nws: ("Fog", "fg", "fog"))
        }
    }
}
