/// The sky the weather model knows, with the names and pictures each format uses for it.
public enum WeatherCondition: String, Sendable, CaseIterable {
    case clear, partlyCloudy, cloudy, rain, snow, thunder, fog

    /// yr.no's symbol: number, name and picture (`var`, with d/n for day and night where yr has both).
    func yrSymbol(daytime: Bool) -> (number: Int, name: String, variable: String) {
        let suffix = daytime ? "d" : "n"
        switch self {
        case .clear: return (1, "Clear sky", "01" + suffix)
        case .partlyCloudy: return (3, "Partly cloudy", "03" + suffix)
        case .cloudy: return (4, "Cloudy", "04")
        case .rain: return (9, "Rain", "09")
        case .snow: return (13, "Snow", "13")
        case .thunder: return (11, "Heavy rain and thunder", "11")
        case .fog: return (15, "Fog", "15")
        }
    }

    /// Google's condition text and icon path.
    var google: (text: String, icon: String) {
        switch self {
        case .clear: ("Clear", "/ig/images/weather/sunny.gif")
        case .partlyCloudy: ("Partly Cloudy", "/ig/images/weather/partly_cloudy.gif")
        case .cloudy: ("Cloudy", "/ig/images/weather/cloudy.gif")
        case .rain: ("Rain", "/ig/images/weather/rain.gif")
        case .snow: ("Snow", "/ig/images/weather/snow.gif")
        case .thunder: ("Thunderstorm", "/ig/images/weather/thunderstorm.gif")
        case .fog: ("Fog", "/ig/images/weather/fog.gif")
        }
    }

    /// NWS's weather summary and forecast icon (without the probability suffix).
    var nws: (summary: String, icon: String, type: String?) {
        switch self {
        case .clear: ("Sunny", "skc", nil)
        case .partlyCloudy: ("Partly Sunny", "sct", nil)
        case .cloudy: ("Mostly Cloudy", "bkn", nil)
        case .rain: ("Rain", "ra", "rain")
        case .snow: ("Snow", "sn", "snow")
        case .thunder: ("Thunderstorms", "tsra", "thunderstorms")
        case .fog: ("Fog", "fg", "fog")
        }
    }
}
