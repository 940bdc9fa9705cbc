extension WeatherCondition {
    /// The words of api.weather.gov's `shortForecast` for the sky or what falls ("Mostly Sunny",
    /// "Partly Cloudy", "Light Rain"), without the chance.
    func nwsWords(daytime: Bool, cloudCover: Double, millimetresPerHour: Double) -> String {
        let rate = PrecipitationRate(millimetresPerHour: millimetresPerHour)
        switch self {
        case .clear: return daytime ? "Sunny" : "Clear"
        case .partlyCloudy where cloudCover < 40: return daytime ? "Mostly Sunny" : "Mostly Clear"
        case .partlyCloudy: return daytime ? "Partly Sunny" : "Partly Cloudy"
        case .cloudy: return "Mostly Cloudy"
        case .fog: return "Patchy Fog"
        case .rain: return rate == .light ? "Light Rain" : rate == .moderate ? "Rain" : "Heavy Rain"
        case .snow: return rate == .light ? "Light Snow" : rate == .moderate ? "Snow" : "Heavy Snow"
        case .thunder: return "Showers And Thunderstorms"
        }
    }

    /// The `shortForecast`: the words, with the chance of a wet one ("Chance Light Rain", "Rain
    /// Likely"; from 80 % just the words).
    func nwsShortForecast(daytime: Bool, cloudCover: Double, millimetresPerHour: Double, precipitationChance: Int) -> String {
        let words = nwsWords(daytime: daytime, cloudCover: cloudCover, millimetresPerHour: millimetresPerHour)
        guard isWet else { return words }
        switch precipitationChance {
        case ..<25: return "Slight Chance " + words
        case ..<55: return "Chance " + words
        case ..<80: return words + " Likely"
        default: return words
        }
    }

    /// The name of the forecast icon in api.weather.gov's icon set (`skc`, `few`, `sct`, `bkn`,
    /// `fog`, `rain`, `snow`, `tsra`).
    func nwsIcon(cloudCover: Double) -> String {
        switch self {
        case .clear: "skc"
        case .partlyCloudy: cloudCover < 40 ? "few" : "sct"
        case .cloudy: "bkn"
        case .fog: "fog"
        case .rain: "rain"
        case .snow: "snow"
        case .thunder: "tsra"
        }
    }
}
