extension JSONWriter {
    /// Appends the inside of a JSON string literal for `text`.
    ///
    /// Escapes what RFC 8259 requires (`"`, `\`, U+0000–U+001F) plus U+2028 and U+2029, which
    /// are legal JSON but end a line in JavaScript before ES2019, so JSONP-era clients choke.
    mutating func appendEscaped(_ text: String) {
        text.withUTF8Buffer { appendEscaped($0) }
    }

    /// The inside of a JSON string literal.
    mutating func appendEscapedValue(_ text: String) {
        appendEscaped(text)
    }

    private mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        bytes.appendEscaping(utf8, specialMask: Self.specialMask, isSpecial: Self.isSpecial) { bytes, byte, index in
            switch byte {
            case UInt8(ascii: "\""):
                bytes.append(#"\""#)
            case UInt8(ascii: "\\"):
                bytes.append(#"\\"#)
            case UInt8(ascii: "\n"):
                bytes.append(#"\n"#)
            case UInt8(ascii: "\r"):
                bytes.append(#"\r"#)
            case UInt8(ascii: "\t"):
                bytes.append(#"\t"#)
            case 0x08:
                bytes.append(#"\b"#)
            case 0x0C:
                bytes.append(#"\f"#)
            case 0xE2:
                // U+2028 is E2 80 A8 and U+2029 is E2 80 A9; other E2 sequences pass through.
                if index + 1 < utf8.count, utf8[index] == 0x80, utf8[index + 1] & 0xFE == 0xA8 {
                    bytes.append(utf8[index + 1] == 0xA8 ? #"\u2028"# : #"\u2029"#)
                    index += 2
                } else {
                    bytes.append(byte)
                }
            default:
                bytes.append(#"\u00"#)
                bytes.append(Self.hexDigit(byte >> 4))
                bytes.append(Self.hexDigit(byte & 0xF))
            }
        }
    }

    @inline(__always)
    private static func isSpecial(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0xE2
    }

    @inline(__always)
    private static func specialMask(_ word: UInt64) -> UInt64 {
        ByteScan.bytes(of: word, below: 0x20)
            | ByteScan.bytes(of: word, equalTo: UInt8(ascii: "\""))
            | ByteScan.bytes(of: word, equalTo: UInt8(ascii: "\\"))
            | ByteScan.bytes(of: word, equalTo: 0xE2)
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
