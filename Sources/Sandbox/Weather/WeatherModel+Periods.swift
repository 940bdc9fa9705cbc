extension WeatherModel {
    /// The weather over a span of hours, as the daily and six-hourly forecasts give it.
    public struct Summary: Sendable, Equatable {
        /// The lowest and highest hourly temperatures, °C.
        public let low, high: Double
        /// The condition at the span's representative hour.
        public let condition: WeatherCondition
        /// Whether that hour is in daylight.
        public let daytime: Bool
        /// The highest hourly chance of precipitation, percent.
        public let precipitationProbability: Int
        /// The precipitation summed over the hours, mm, one decimal.
        public let precipitation: Double
    }

    /// The hourly readings from `start` for `hours` hours, summarised; the condition is the
    /// reading at `conditionHour` hours after the start.
    public func summary(latitude: Double, longitude: Double, from start: Int64, hours: Int, conditionHour: Int) -> Summary {
        let readings = (0..<max(1, hours)).map { reading(latitude: latitude, longitude: longitude, at: start + Int64($0) * 3600) }
        let representative = reading(latitude: latitude, longitude: longitude, at: start + Int64(conditionHour) * 3600)
        let total = readings.reduce(0) { $0 + $1.precipitation }
        return Summary(
            low: readings.map(\.temperature).min()!, high: readings.map(\.temperature).max()!,
            condition: representative.condition, daytime: representative.daytime,
            precipitationProbability: readings.map(\.precipitationProbability).max()!,
            precipitation: (total * 10).rounded() / 10)
    }

    /// °F from °C, rounded to a whole degree.
    static func fahrenheit(_ celsius: Double) -> Int {
        Int((celsius * 9 / 5 + 32).rounded())
    }
}
