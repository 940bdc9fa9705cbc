extension WeatherCondition {
    /// The WMO weather interpretation code Open-Meteo gives (`weather_code`): 0 clear, 1 mainly
    /// clear, 2 partly cloudy, 3 overcast, 45 fog, 61/63/65 rain, 71/73/75 snowfall (slight,
    /// moderate, heavy), 95 thunderstorm.
    ///
    /// - Parameters:
    ///   - cloudCover: percent; a partly cloudy sky under 40 % is mainly clear.
    ///   - millimetresPerHour: the hour's precipitation, for the grade of rain and snow.
    func wmoCode(cloudCover: Double, millimetresPerHour: Double) -> Int {
        let grade: Int
        switch PrecipitationRate(millimetresPerHour: millimetresPerHour) {
        case .light: grade = 0
        case .moderate: grade = 2
        case .heavy: grade = 4
        }
        switch self {
        case .clear: return 0
        case .partlyCloudy: return cloudCover < 40 ? 1 : 2
        case .cloudy: return 3
        case .fog: return 45
        case .rain: return 61 + grade
        case .snow: return 71 + grade
        case .thunder: return 95
        }
    }
}
