/// A JSON value written the way PHP's `json_encode` writes it by default, as transport.opendata.ch
/// sends its answers: compact, members in the order given, `/` escaped as `\/` and every character
/// beyond ASCII as `\u00fc` (UTF-16 code units, so a character beyond the BMP is a surrogate pair).
///
/// ```swift
/// let value = PHPJSON.object([("name", .string("Zürich HB")), ("platform", .string("41/42")), ("delay", .null)])
/// String(decoding: value.encoded, as: UTF8.self)   // {"name":"Z\u00fcrich HB","platform":"41\/42","delay":null}
/// ```
indirect enum PHPJSON: Sendable {
    case string(String)
    case int(Int64)
    /// A number as it is written (`47.377847`).
    case number(String)
    case bool(Bool)
    case null
    case array([PHPJSON])
    case object([(String, PHPJSON)])

    /// A string, or `null` for nil.
    static func optional(_ text: String?) -> PHPJSON { text.map(PHPJSON.string) ?? .null }

    /// An integer, or `null` for nil.
    static func optional(_ number: Int?) -> PHPJSON { number.map { .int(Int64($0)) } ?? .null }

    /// The UTF-8 bytes.
    var encoded: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(4096)
        write(into: &bytes)
        return bytes
    }

    private func write(into bytes: inout [UInt8]) {
        switch self {
        case .string(let text): Self.write(text, into: &bytes)
        case .int(let value): bytes += Array(String(value).utf8)
        case .number(let text): bytes += Array(text.utf8)
        case .bool(let value): bytes += Array((value ? "true" : "false").utf8)
        case .null: bytes += Array("null".utf8)
        case .array(let items):
            bytes.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                item.write(into: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                Self.write(key, into: &bytes)
                bytes.append(UInt8(ascii: ":"))
                value.write(into: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    private static let hex = Array("0123456789abcdef".utf8)

    private static func write(_ text: String, into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for unit in text.utf16 {
            switch unit {
            case 0x22: bytes += [0x5C, 0x22]
            case 0x5C: bytes += [0x5C, 0x5C]
            case 0x2F: bytes += [0x5C, 0x2F]
            case 0x08: bytes += [0x5C, UInt8(ascii: "b")]
            case 0x0C: bytes += [0x5C, UInt8(ascii: "f")]
            case 0x0A: bytes += [0x5C, UInt8(ascii: "n")]
            case 0x0D: bytes += [0x5C, UInt8(ascii: "r")]
            case 0x09: bytes += [0x5C, UInt8(ascii: "t")]
            case 0x20...0x7F: bytes.append(UInt8(unit))
            default:
                bytes += [0x5C, UInt8(ascii: "u")]
                for shift in stride(from: 12, through: 0, by: -4) { bytes.append(hex[Int(unit >> UInt16(shift)) & 0xF]) }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
