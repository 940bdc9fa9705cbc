/// Writes XML answers the way the simulated services lay them out: a declaration naming the
/// charset, two-space indentation, one element per line, `<name/>` for an empty text.
///
/// In ISO-8859-1 (HAFAS extxml) a character beyond Latin-1 becomes a character reference, so the
/// bytes always decode; in UTF-8 (OJP) it is written as it is. Characters XML 1.0 cannot carry
/// (control characters, U+FFFE, U+FFFF) are dropped, so that text echoed from a request can
/// never make an answer ill-formed.
struct AnswerWriter {
    /// The bytes' character encoding, named in the declaration.
    enum Charset {
        case latin1
        case utf8
    }

    private(set) var bytes: [UInt8] = []
    private let charset: Charset
    private var depth = 0

    init(charset: Charset) {
        self.charset = charset
        bytes.reserveCapacity(16_384)
        append(charset == .latin1 ? #"<?xml version="1.0" encoding="iso-8859-1"?>"# : #"<?xml version="1.0" encoding="utf-8"?>"#)
        bytes.append(0x0A)
    }

    /// `<name a="…">` on its own line; what follows is indented one step more.
    mutating func open(_ name: String, _ attributes: [(String, String)] = []) {
        startTag(name, attributes)
        bytes.append(UInt8(ascii: ">"))
        bytes.append(0x0A)
        depth += 1
    }

    /// `</name>`, one step less indented.
    mutating func close(_ name: String) {
        depth -= 1
        indent()
        append("</" + name + ">")
        bytes.append(0x0A)
    }

    /// `<name a="…"/>`.
    mutating func empty(_ name: String, _ attributes: [(String, String)] = []) {
        startTag(name, attributes)
        append("/>")
        bytes.append(0x0A)
    }

    /// `<name>text</name>`, or `<name/>` when the text is empty.
    mutating func leaf(_ name: String, _ text: String, _ attributes: [(String, String)] = []) {
        guard !text.isEmpty else { return empty(name, attributes) }
        startTag(name, attributes)
        bytes.append(UInt8(ascii: ">"))
        appendEscaped(text, inAttribute: false)
        append("</" + name + ">")
        bytes.append(0x0A)
    }

    /// An element around what `body` writes.
    mutating func element(_ name: String, _ attributes: [(String, String)] = [], _ body: (inout AnswerWriter) -> Void) {
        open(name, attributes)
        body(&self)
        close(name)
    }

    private mutating func startTag(_ name: String, _ attributes: [(String, String)]) {
        indent()
        bytes.append(UInt8(ascii: "<"))
        append(name)
        for (key, value) in attributes {
            bytes.append(UInt8(ascii: " "))
            append(key)
            append("=\"")
            appendEscaped(value, inAttribute: true)
            bytes.append(UInt8(ascii: "\""))
        }
    }

    private mutating func indent() {
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
    }

    /// Names and markup: ASCII only.
    private mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    private mutating func appendEscaped(_ text: String, inAttribute: Bool) {
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": append("&amp;")
            case "<": append("&lt;")
            case ">": append("&gt;")
            case "\"" where inAttribute: append("&quot;")
            case "\n" where inAttribute: append("&#10;")
            case "\t" where inAttribute: append("&#9;")
            case "\r": append("&#13;")
            case "\t", "\n": bytes.append(UInt8(scalar.value))
            default:
                guard scalar.value >= 0x20, scalar.value != 0xFFFE, scalar.value != 0xFFFF else { continue }
                switch charset {
                case .utf8: bytes.append(contentsOf: String(scalar).utf8)
                case .latin1 where scalar.value <= 0xFF: bytes.append(UInt8(scalar.value))
                case .latin1: append("&#\(scalar.value);")
                }
            }
        }
    }
}
