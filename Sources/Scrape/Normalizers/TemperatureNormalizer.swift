/// `temperature(unit=REF_OR_LITERAL, to=c|f)`: converts a decimal number from °F, °C or K (unit names such as F, fahrenheit, US, imperial, C, celsius, celcius, SI, metric, K, kelvin) to °C or °F, rounded to one decimal with ".0" dropped ("71" °F to c → "21.7").
struct TemperatureNormalizer: Normalizer {
    private enum Scale {
        case celsius, fahrenheit, kelvin

        init?(unit: String) {
            var text = TrimNormalizer.trimmed(unit)
            // U+00BA (º) is a common stand-in for the degree sign.
            if text.first == "°" || text.first == "º" { text = TrimNormalizer.trimmed(text.dropFirst()) }
            switch text.lowercased() {
            case "f", "fahrenheit", "us", "imperial": self = .fahrenheit
            case "c", "celsius", "celcius", "si", "metric": self = .celsius
            case "k", "kelvin": self = .kelvin
            default: return nil
            }
        }
    }

    private let unit: ValueSource
    private let target: Scale
    // Beyond any real temperature; keeps the fixed-point arithmetic far from overflow.
    private static let maximumMicroDegrees: Int64 = 1_000_000_000 * 1_000_000

    init(arguments: inout StepArguments) throws(NormalizerError) {
        guard let unit = arguments.keyedSource("unit") else {
            throw NormalizerError("temperature: missing unit=, e.g. temperature(unit=F, to=c) or temperature(unit=$unit, to=c)")
        }
        if case .literal(let text) = unit, Scale(unit: text) == nil {
            throw Self.unknownUnit(text)
        }
        switch try arguments.keyedLiteral("to")?.lowercased() {
        case "c": target = .celsius
        case "f": target = .fahrenheit
        case let other: throw NormalizerError("temperature: \(other.map { "unknown target \(NormalizerError.quoted($0))" } ?? "missing to=") (expected to=c or to=f)")
        }
        self.unit = unit
    }

    func normalize(_ value: String, in context: any NormalizerContext) throws(NormalizerError) -> [String] {
        guard let unitText = unit.resolve(in: context) else {
            throw NormalizerError("temperature: the unit \(unit.syntax) has no value")
        }
        guard let source = Scale(unit: unitText) else { throw Self.unknownUnit(unitText) }
        // Already in the target scale and written as the result would be (met.no's `14.7` °C):
        // at most one decimal, and far inside the range.
        if source == target, DecimalText.isCanonical(value, maxIntegerDigits: 9, maxFractionDigits: 1) { return [value] }
        guard let number = DecimalText(value) else {
            throw NormalizerError("temperature: \(NormalizerError.quoted(value)) is not a number")
        }
        guard let micro = number.scaled(decimals: 6), micro.magnitude <= Self.maximumMicroDegrees else {
            throw NormalizerError("temperature: \(NormalizerError.quoted(value)) is out of range")
        }
        // target = (value + shift) * numerator / denominator + offset, all in millionths of a degree.
        let kelvinShift: Int64 = -273_150_000
        let (shift, numerator, denominator, offset): (Int64, Int64, Int64, Int64)
        switch (source, target) {
        case (.fahrenheit, .celsius): (shift, numerator, denominator, offset) = (-32_000_000, 5, 9, 0)
        case (.kelvin, .celsius): (shift, numerator, denominator, offset) = (kelvinShift, 1, 1, 0)
        case (.celsius, .fahrenheit): (shift, numerator, denominator, offset) = (0, 9, 5, 32_000_000)
        case (.kelvin, .fahrenheit): (shift, numerator, denominator, offset) = (kelvinShift, 9, 5, 32_000_000)
        default: (shift, numerator, denominator, offset) = (0, 1, 1, 0)
        }
        let tenths = Self.divideRounded((micro + shift) * numerator + offset * denominator, denominator * 100_000)
        return [formatScaled(tenths, decimals: 1)]
    }

    /// Division rounding half away from zero.
    private static func divideRounded(_ dividend: Int64, _ divisor: Int64) -> Int64 {
        let quotient = dividend / divisor
        let remainder = dividend % divisor
        guard remainder.magnitude * 2 >= divisor.magnitude else { return quotient }
        return dividend < 0 ? quotient - 1 : quotient + 1
    }

    private static func unknownUnit(_ text: String) -> NormalizerError {
        NormalizerError("temperature: unknown unit \(NormalizerError.quoted(text)) (expected F, fahrenheit, US, imperial, C, celsius, SI, metric, K or kelvin)")
    }
}
