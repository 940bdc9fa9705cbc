import Kernel

/// `int`: an optional sign and up to 18 significant digits, surrounding whitespace allowed → canonical decimal ("007" → "7", "-0" → "0", "+5" → "5").
struct IntNormalizer: Normalizer {
    init(arguments: inout StepArguments) {}

    func normalize(_ value: String, in context: any NormalizerContext) throws(NormalizerError) -> [String] {
        [String(try Self.parse(value, normalizer: "int"))]
    }

    /// Reads a whole number; errors name the normalizer that asked.
    static func parse(_ value: String, normalizer: String) throws(NormalizerError) -> Int64 {
        let text = TrimNormalizer.trimmed(value).utf8
        var digits = text[...]
        var negative = false
        if let sign = digits.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit) else {
            throw NormalizerError("\(normalizer): \(NormalizerError.quoted(value)) is not a whole number")
        }
        let significant = digits.drop(while: { $0 == UInt8(ascii: "0") })
        // 18 digits always fit in Int64, so the arithmetic below cannot overflow.
        guard significant.count <= 18 else {
            throw NormalizerError("\(normalizer): \(NormalizerError.quoted(value)) has more than 18 digits")
        }
        var number: Int64 = 0
        for digit in significant { number = number * 10 + Int64(digit - UInt8(ascii: "0")) }
        return negative ? -number : number
    }
}
