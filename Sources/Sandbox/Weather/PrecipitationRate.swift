/// How hard it rains or snows, from the amount per hour, as the forecasts' symbols and words
/// grade it (light, plain, heavy).
enum PrecipitationRate: Sendable, Equatable {
    case light, moderate, heavy

    /// The grade of an hourly amount: under 0.5 mm light, under 1 mm moderate, heavy above.
    init(millimetresPerHour amount: Double) {
        switch amount {
        case ..<0.5: self = .light
        case ..<1.0: self = .moderate
        default: self = .heavy
        }
    }
}

extension WeatherCondition {
    /// Whether something falls: rain, snow or a thunderstorm.
    var isWet: Bool { self == .rain || self == .snow || self == .thunder }
}
