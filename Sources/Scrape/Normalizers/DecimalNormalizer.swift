/// `decimal` or `decimal(comma)`: sign, digits and an optional `.` fraction (`,` too with `comma`) → canonical text ("3.50" → "3.5", "-0.0" → "0", ".5" → "0.5"), computed on the digits, never through Double.
struct DecimalNormalizer: Normalizer {
    private let allowComma: Bool

    init(arguments: inout StepArguments) throws(NormalizerError) {
        switch try arguments.positionalLiteral("the separator option") {
        case nil: allowComma = false
        case "comma": allowComma = true
        case let other?: throw NormalizerError("decimal: unknown option \(NormalizerError.quoted(other)) (expected comma)")
        }
    }

    func normalize(_ value: String, in context: any NormalizerContext) throws(NormalizerError) -> [String] {
        // Most upstreams write their numbers canonically already (met.no's `4.3`).
        if DecimalText.isCanonical(value) { return [value] }
        guard let number = DecimalText(value, allowComma: allowComma) else {
            throw NormalizerError("decimal: \(NormalizerError.quoted(value)) is not a decimal number")
        }
        return [number.canonical]
    }
}
