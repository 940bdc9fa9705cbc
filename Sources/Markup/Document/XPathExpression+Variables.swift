extension XPathExpression {
    /// The names of the variables the expression reads (`$index`, `$symbol`), each once, in the
    /// order they first appear; a `$` inside a string literal is text, not a reference.
    public var variableNames: [String] {
        var names: [String] = []
        var quote: UInt8?
        var bytes = source.utf8[...]
        while let byte = bytes.popFirst() {
            if let open = quote {
                if byte == open { quote = nil }
                continue
            }
            switch byte {
            case UInt8(ascii: "'"), UInt8(ascii: "\""):
                quote = byte
            case UInt8(ascii: "$"):
                let name = bytes.prefix(while: Self.isNameByte)
                bytes = bytes.dropFirst(name.count)
                let text = String(decoding: name, as: UTF8.self)
                if !text.isEmpty, !names.contains(text) { names.append(text) }
            default:
                continue
            }
        }
        return names
    }

    /// A byte of an XPath QName as routes write them (ASCII letters, digits, `_`, `-`, `.`, `:`);
    /// other name characters are not used in routes and end the name here.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: ":"):
            true
        default:
            false
        }
    }
}
