/// Writes XML the way the OJP 2.0 service does: UTF-8 bytes after an `encoding="utf-8"`
/// declaration, two-space indentation, one element per line, texts in `<Text xml:lang="de">`.
///
/// Characters XML 1.0 cannot carry (control characters, U+FFFE, U+FFFF) are dropped, so that
/// text echoed from a request can never make the answer ill-formed.
struct OJPWriter {
    private(set) var bytes: [UInt8] = []
    private var depth = 0

    init() {
        bytes.reserveCapacity(16_384)
        append(#"<?xml version="1.0" encoding="utf-8"?>"#)
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

    /// `<name><Text xml:lang="de">text</Text></name>`, OJP's international text.
    mutating func text(_ name: String, _ text: String) {
        element(name) { $0.leaf("Text", text, [("xml:lang", "de")]) }
    }

    /// An element around what `body` writes.
    mutating func element(_ name: String, _ attributes: [(String, String)] = [], _ body: (inout OJPWriter) -> Void) {
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
                bytes.append(contentsOf: String(scalar).utf8)
            }
        }
    }
}
