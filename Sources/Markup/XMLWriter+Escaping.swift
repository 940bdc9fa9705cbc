extension XMLWriter {
    /// Appends text or an attribute value escaped, leaving out characters XML 1.0 forbids.
    ///
    /// XML 1.0 allows only #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]
    /// (<https://www.w3.org/TR/xml/#charsets>); a Swift string cannot hold surrogates, so the
    /// C0 controls and U+FFFE/U+FFFF are all that can break a document, and a SAX client fails
    /// on the whole response for one of them, even written as a character reference.
    mutating func appendEscaped(_ text: String, inAttribute: Bool) {
        text.withUTF8Buffer { appendEscaped($0, inAttribute: inAttribute) }
    }

    /// Escaped for a double-quoted attribute value, and so for text too.
    mutating func appendEscapedValue(_ text: String) {
        appendEscaped(text, inAttribute: true)
    }

    private mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, inAttribute: Bool) {
        bytes.appendEscaping(utf8, specialMask: Self.specialMask, isSpecial: Self.isSpecial) { bytes, byte, index in
            switch byte {
            case UInt8(ascii: "&"):
                bytes.append("&amp;")
            case UInt8(ascii: "<"):
                bytes.append("&lt;")
            case UInt8(ascii: ">"):
                // Only `]]>` needs it in text, but escaping every `>` is simpler and never wrong.
                bytes.append("&gt;")
            case UInt8(ascii: "\""):
                bytes.append(inAttribute ? "&quot;" : "\"")
            case UInt8(ascii: "\t"):
                // Attribute-value normalisation turns a literal tab or newline into a space.
                bytes.append(inAttribute ? "&#9;" : "\t")
            case UInt8(ascii: "\n"):
                bytes.append(inAttribute ? "&#10;" : "\n")
            case UInt8(ascii: "\r"):
                // Line-end normalisation would turn a literal CR into LF, even in text.
                bytes.append("&#13;")
            case 0xEF:
                // U+FFFE and U+FFFF are EF BF BE and EF BF BF; other EF sequences are fine.
                if index + 1 < utf8.count, utf8[index] == 0xBF, utf8[index + 1] & 0xFE == 0xBE {
                    index += 2
                } else {
                    bytes.append(byte)
                }
            default:
                // The remaining C0 controls are illegal in XML 1.0 and dropped.
                break
            }
        }
    }

    @inline(__always)
    private static func isSpecial(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x00..<0x20, UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), 0xEF:
            true
        default:
            false
        }
    }

    @inline(__always)
    private static func specialMask(_ word: UInt64) -> UInt64 {
        ByteScan.bytes(of: word, below: 0x20)
            | ByteScan.bytes(of: word, equalTo: UInt8(ascii: "&"))
            | ByteScan.bytes(of: word, equalTo: UInt8(ascii: "<"))
            | ByteScan.bytes(of: word, equalTo: UInt8(ascii: ">"))
            | ByteScan.bytes(of: word, equalTo: UInt8(ascii: "\""))
            | ByteScan.bytes(of: word, equalTo: 0xEF)
    }
}
