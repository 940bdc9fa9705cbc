/// A plain decimal number as a query or a path carries it: an optional minus, digits, and an
/// optional fraction ("59.9139", "-77", "0.5"); never an exponent, `nan`, `inf` or a sign alone.
/// The APIs' rules look at how many decimals were written, so that count is kept.
struct DecimalText: Sendable, Equatable {
    /// The longest text read; a longer one is not a coordinate.
    static let maximumLength = 32

    /// The number.
    let value: Double
    /// How many digits follow the point (0 without one).
    let decimals: Int

    /// The number a text writes, or nil.
    init?(_ text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= Self.maximumLength else { return nil }
        var index = bytes[0] == UInt8(ascii: "-") ? 1 : 0
        let integerStart = index
        while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
        guard index > integerStart else { return nil }
        var decimals = 0
        if index < bytes.count {
            guard bytes[index] == UInt8(ascii: "."), index + 1 < bytes.count else { return nil }
            index += 1
            let fractionStart = index
            while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
            guard index == bytes.count else { return nil }
            decimals = index - fractionStart
        }
        guard let value = Double(String(decoding: bytes, as: UTF8.self)), value.isFinite else { return nil }
        self.value = value
        self.decimals = decimals
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
