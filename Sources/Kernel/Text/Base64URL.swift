/// The URL- and filename-safe base 64 alphabet of RFC 4648 §5, without padding: text that goes
/// into a query string as it is.
///
/// ```swift
/// Base64URL.encode([0xFB, 0xFF])   // "-_8"
/// Base64URL.decode("-_8")          // [0xFB, 0xFF]
/// ```
public enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// The bytes as base 64 text, without `=` padding.
    public static func encode(_ bytes: some Collection<UInt8>) -> String {
        let bytes = Array(bytes)
        var text: [UInt8] = []
        text.reserveCapacity((bytes.count * 4 + 2) / 3)
        var index = 0
        while index < bytes.count {
            let count = min(3, bytes.count - index)
            var group: UInt32 = 0
            for offset in 0..<3 { group = group << 8 | UInt32(offset < count ? bytes[index + offset] : 0) }
            for digit in 0...count { text.append(alphabet[Int(group >> UInt32(18 - 6 * digit) & 0x3F)]) }
            index += 3
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The bytes the text stands for; nil for a character outside the alphabet, padding, a length
    /// no encoding has, or bits left over that an encoder would have set to zero.
    public static func decode(_ text: some StringProtocol) -> [UInt8]? {
        var values: [UInt32] = []
        values.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): values.append(UInt32(byte - UInt8(ascii: "A")))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): values.append(UInt32(byte - UInt8(ascii: "a") + 26))
            case UInt8(ascii: "0")...UInt8(ascii: "9"): values.append(UInt32(byte - UInt8(ascii: "0") + 52))
            case UInt8(ascii: "-"): values.append(62)
            case UInt8(ascii: "_"): values.append(63)
            default: return nil
            }
        }
        guard values.count % 4 != 1 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(values.count * 3 / 4)
        var index = 0
        while index < values.count {
            let count = min(4, values.count - index)
            var group: UInt32 = 0
            for offset in 0..<4 { group = group << 6 | (offset < count ? values[index + offset] : 0) }
            let produced = count - 1
            // The bits past the last whole byte must be zero, so each byte string has one text.
            if produced < 3, group & ((UInt32(1) << UInt32(8 * (3 - produced))) - 1) != 0 { return nil }
            for offset in 0..<produced { bytes.append(UInt8(truncatingIfNeeded: group >> UInt32(16 - 8 * offset))) }
            index += 4
        }
        return bytes
    }
}
