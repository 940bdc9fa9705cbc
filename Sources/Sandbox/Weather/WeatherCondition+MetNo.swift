extension WeatherCondition {
    /// MET Norway's `symbol_code` (the names of its weather icons): `clearsky`, `fair` and
    /// `partlycloudy` with `_day` or `_night`; `cloudy`, `fog`; `lightrain`, `rain`, `heavyrain`,
    /// `lightsnow`, `snow`, `heavysnow`; `rainandthunder`, `heavyrainandthunder`.
    ///
    /// - Parameters:
    ///   - daytime: whether the sun is up, for the symbols that have a day and a night form.
    ///   - cloudCover: percent; a partly cloudy sky under 40 % is `fair`.
    ///   - millimetresPerHour: the precipitation of the period per hour, for the wet symbols' grade.
    func metNoSymbol(daytime: Bool, cloudCover: Double, millimetresPerHour: Double) -> String {
        let suffix = daytime ? "_day" : "_night"
        let rate = PrecipitationRate(millimetresPerHour: millimetresPerHour)
        switch self {
        case .clear: return "clearsky" + suffix
        case .partlyCloudy: return (cloudCover < 40 ? "fair" : "partlycloudy") + suffix
        case .cloudy: return "cloudy"
        case .fog: return "fog"
        case .rain: return rate == .light ? "lightrain" : rate == .moderate ? "rain" : "heavyrain"
        case .snow: return rate == .light ? "lightsnow" : rate == .moderate ? "snow" : "heavysnow"
        // Thunderstorms bring more (1.8 mm an hour and up in the model): graded on their own scale.
        case .thunder: return millimetresPerHour < 2.5 ? "rainandthunder" : "heavyrainandthunder"
        }
    }
}
