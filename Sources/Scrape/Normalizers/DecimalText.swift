import Kernel

/// A decimal number kept as its digits, so any length is exact and canonical output needs no floating point.
struct DecimalText: Equatable {
    var negative: Bool
    /// ASCII digits without leading zeros; empty for zero.
    var integerDigits: [UInt8]
    /// ASCII digits without trailing zeros.
    var fractionDigits: [UInt8]

    var isZero: Bool { integerDigits.isEmpty && fractionDigits.isEmpty }

    /// Reads `[+-]digits[.digits]` (`.5` and `5.` included) after trimming; with `allowComma` a `,` may be the separator.
    init?(_ text: some StringProtocol, allowComma: Bool = false) {
        var bytes = Array(TrimNormalizer.trimmed(text).utf8)[...]
        negative = false
        if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            bytes = bytes.dropFirst()
        }
        let integer = bytes.prefix(while: \.isASCIIDigit)
        var rest = bytes.dropFirst(integer.count)
        var fraction: ArraySlice<UInt8> = []
        if let separator = rest.first, separator == UInt8(ascii: ".") || (allowComma && separator == UInt8(ascii: ",")) {
            rest = rest.dropFirst()
            fraction = rest.prefix(while: \.isASCIIDigit)
            rest = rest.dropFirst(fraction.count)
        }
        guard rest.isEmpty, !integer.isEmpty || !fraction.isEmpty else { return nil }
        integerDigits = Array(integer.drop(while: { $0 == UInt8(ascii: "0") }))
        var end = fraction.endIndex
        while end > fraction.startIndex, fraction[end - 1] == UInt8(ascii: "0") { end -= 1 }
        fractionDigits = Array(fraction[fraction.startIndex..<end])
    }

    /// Canonical text: no leading zeros (one "0" kept), no trailing fraction zeros, no trailing dot, no "-0".
    var canonical: String {
        var text = negative && !isZero ? "-" : ""
        text += integerDigits.isEmpty ? "0" : String(decoding: integerDigits, as: UTF8.self)
        if !fractionDigits.isEmpty { text += "." + String(decoding: fractionDigits, as: UTF8.self) }
        return text
    }

    /// Whether `text` is already what `canonical` would write for it (`-12.5`, `0`, `0.25`; not
    /// `-0`, `012`, `1.50`, `+1` or ` 1`), with at most `maxFractionDigits` after the dot and
    /// `maxIntegerDigits` before it; checked on the bytes, without building a value.
    static func isCanonical(_ text: String, maxIntegerDigits: Int = .max, maxFractionDigits: Int = .max) -> Bool {
        var utf8 = text.utf8[...]
        let negative = utf8.first == UInt8(ascii: "-")
        if negative { utf8 = utf8.dropFirst() }
        let integer = utf8.prefix(while: \.isASCIIDigit)
        guard let lead = integer.first, lead != UInt8(ascii: "0") || integer.count == 1, integer.count <= maxIntegerDigits else { return false }
        var rest = utf8.dropFirst(integer.count)
        guard let dot = rest.first else { return !(negative && lead == UInt8(ascii: "0")) }
        rest = rest.dropFirst()
        guard dot == UInt8(ascii: "."), let last = rest.last, last != UInt8(ascii: "0"), rest.count <= maxFractionDigits else { return false }
        return rest.allSatisfy(\.isASCIIDigit)
    }

    /// The value times 10^decimals, rounded half away from zero; `nil` when it would not fit in 18 digits.
    func scaled(decimals: Int) -> Int64? {
        guard integerDigits.count + decimals <= 18 else { return nil }
        var value: Int64 = 0
        for digit in integerDigits { value = value * 10 + Int64(digit - UInt8(ascii: "0")) }
        for position in 0..<decimals {
            let digit = position < fractionDigits.count ? Int64(fractionDigits[position] - UInt8(ascii: "0")) : 0
            value = value * 10 + digit
        }
        if decimals < fractionDigits.count, fractionDigits[decimals] >= UInt8(ascii: "5") { value += 1 }
        return negative ? -value : value
    }
}

/// Formats `value / 10^decimals` with trailing fraction zeros stripped and no "-0" (`formatScaled(7278206, decimals: 6)` → "7.278206").
func formatScaled(_ value: Int64, decimals: Int) -> String {
    String(unsafeUninitializedCapacity: scaledTextCapacity) { buffer in writeScaled(value, decimals: decimals, into: buffer, at: 0) }
}

/// Two scaled values as one "first,second" text (a coordinate pair), written in one string.
func formatScaledPair(_ first: Int64, _ second: Int64, decimals: Int) -> String {
    String(unsafeUninitializedCapacity: 2 * scaledTextCapacity + 1) { buffer in
        let comma = writeScaled(first, decimals: decimals, into: buffer, at: 0)
        buffer[comma] = UInt8(ascii: ",")
        return writeScaled(second, decimals: decimals, into: buffer, at: comma + 1)
    }
}

/// Room for the longest text `writeScaled` writes, 21 bytes: a sign, an Int64's 19 digits and a
/// dot (`-9.223372036854775808`, `-0.000000000000000001`).
private let scaledTextCapacity = 22

/// Writes the text of `value / 10^decimals` (as `formatScaled` describes it) into `buffer` from
/// `start`, and returns where it ends. Each digit is written once, into its place.
private func writeScaled(_ value: Int64, decimals: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
    precondition((0...18).contains(decimals), "at most 18 decimals")
    var divisor: UInt64 = 1
    for _ in 0..<decimals { divisor *= 10 }
    let magnitude = value.magnitude
    var integer = magnitude / divisor
    var fraction = magnitude % divisor
    var fractionDigits = fraction == 0 ? 0 : decimals
    while fractionDigits > 0, fraction % 10 == 0 {
        fraction /= 10
        fractionDigits -= 1
    }
    var integerDigits = 1
    var rest = integer
    while rest >= 10 {
        rest /= 10
        integerDigits += 1
    }
    let negative = value < 0
    let end = start + (negative ? 1 : 0) + integerDigits + (fractionDigits > 0 ? 1 + fractionDigits : 0)
    var position = end
    for _ in 0..<fractionDigits {
        position -= 1
        buffer[position] = UInt8(ascii: "0") + UInt8(fraction % 10)
        fraction /= 10
    }
    if fractionDigits > 0 {
        position -= 1
        buffer[position] = UInt8(ascii: ".")
    }
    repeat {
        position -= 1
        buffer[position] = UInt8(ascii: "0") + UInt8(integer % 10)
        integer /= 10
    } while integer > 0
    if negative { buffer[start] = UInt8(ascii: "-") }
    return end
}
