/// Writes XML the way BART's servers lay it out: markup back to back, a line break only where
/// the recorded answers have one. ``AnswerWriter`` writes one indented element per line and its
/// own declaration, which neither feed has (etd-RICH-platform-2017-06 runs a whole station on
/// one line; the legacy feed has `encoding="iso-8859-1" ?>` with a space).
///
/// Texts are escaped, and characters XML 1.0 cannot carry are dropped, so that a value echoed
/// from the query can never make the answer ill-formed; in ISO-8859-1 a character beyond
/// Latin-1 becomes a character reference.
struct BARTFeedWriter {
    private(set) var bytes: [UInt8] = []
    private let charset: AnswerWriter.Charset

    /// A writer that starts with `declaration` (markup, written as it is).
    init(charset: AnswerWriter.Charset, declaration: String) {
        self.charset = charset
        bytes.reserveCapacity(8_192)
        markup(declaration)
    }

    /// Markup as it is: names, tags, fixed texts; ASCII only.
    mutating func markup(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// A line break.
    mutating func newline() {
        bytes.append(0x0A)
    }

    /// `<name>`.
    mutating func open(_ name: String) {
        markup("<" + name + ">")
    }

    /// `</name>`.
    mutating func close(_ name: String) {
        markup("</" + name + ">")
    }

    /// `<name>text</name>`; an empty text still gives both tags, as `<message></message>` is written.
    mutating func leaf(_ name: String, _ text: String) {
        open(name)
        escaped(text)
        close(name)
    }

    /// `<name><![CDATA[text]]></name>`; a `]]>` in the text is split across two sections.
    mutating func cdata(_ name: String, _ text: String) {
        open(name)
        markup("<![CDATA[")
        for scalar in text.unicodeScalars {
            if scalar == ">", bytes.suffix(2) == [UInt8(ascii: "]"), UInt8(ascii: "]")] {
                markup("]]><![CDATA[")
            }
            // A character reference means nothing inside CDATA.
            character(charset == .latin1 && scalar.value > 0xFF ? "?" : scalar)
        }
        markup("]]>")
        close(name)
    }

    /// Text content, escaped.
    mutating func escaped(_ text: String) {
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": markup("&amp;")
            case "<": markup("&lt;")
            case ">": markup("&gt;")
            default: character(scalar)
            }
        }
    }

    private mutating func character(_ scalar: Unicode.Scalar) {
        let value = scalar.value
        guard value >= 0x20 || scalar == "\t" || scalar == "\n" || scalar == "\r", value != 0xFFFE, value != 0xFFFF else { return }
        switch charset {
        case .utf8: bytes.append(contentsOf: String(scalar).utf8)
        case .latin1 where value <= 0xFF: bytes.append(UInt8(value))
        case .latin1: markup("&#\(value);")
        }
    }
}
