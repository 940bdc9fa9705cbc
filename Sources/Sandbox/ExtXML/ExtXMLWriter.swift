/// Writes XML the way SBB's extxml.exe does: ISO-8859-1 bytes, an `encoding="iso-8859-1"`
/// declaration, two-space indentation, one element per line, `<Text/>` for empty text.
///
/// Characters outside ISO-8859-1 become character references, so the bytes always decode.
struct ExtXMLWriter {
    private(set) var bytes: [UInt8] = []
    private var depth = 0

    init() {
        bytes.reserveCapacity(16_384)
        append(#"<?xml version="1.0" encoding="iso-8859-1"?>"#)
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
    mutating func element(_ name: String, _ attributes: [(String, String)] = [], _ body: (inout ExtXMLWriter) -> Void) {
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
            case "\r": append("&#13;")
            default:
                if scalar.value <= 0xFF {
                    bytes.append(UInt8(scalar.value))
                } else {
                    append("&#\(scalar.value);")
                }
            }
        }
    }
}
