/// A cursor over the UTF-8 bytes of a short text, for the fixed ASCII formats (times, dates, offsets, durations) the normalizers read.
package struct TextScanner {
    package let bytes: [UInt8]
    package var index = 0

    package init(_ text: some StringProtocol) {
        bytes = Array(text.utf8)
    }

    package var isAtEnd: Bool { index >= bytes.count }

    package var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    package func peek(at offset: Int) -> UInt8? {
        let i = index + offset
        return i >= 0 && i < bytes.count ? bytes[i] : nil
    }

    /// Consumes one ASCII character when it comes next.
    package mutating func take(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.isASCII, peek == UInt8(scalar.value) else { return false }
        index += 1
        return true
    }

    /// Consumes an ASCII word, ignoring letter case, when it comes next.
    package mutating func takeIgnoringCase(_ word: String) -> Bool {
        let expected = Array(word.utf8)
        guard index + expected.count <= bytes.count else { return false }
        for (offset, byte) in expected.enumerated() where bytes[index + offset].lowercasedASCII != byte.lowercasedASCII {
            return false
        }
        index += expected.count
        return true
    }

    /// Consumes a run of ASCII digits whose length is within the bounds; consumes nothing otherwise.
    package mutating func number(minDigits: Int, maxDigits: Int) -> Int? {
        let start = index
        var value = 0
        while let c = peek, c.isASCIIDigit {
            guard index - start < maxDigits else {
                index = start
                return nil
            }
            value = value * 10 + Int(c - UInt8(ascii: "0"))
            index += 1
        }
        guard index - start >= minDigits else {
            index = start
            return nil
        }
        return value
    }

    /// Consumes exactly `count` digits even when more follow (for run-together fields such as 20161223 or +0530).
    package mutating func fixedDigits(_ count: Int) -> Int? {
        guard index + count <= bytes.count else { return nil }
        var value = 0
        for offset in 0..<count {
            let c = bytes[index + offset]
            guard c.isASCIIDigit else { return nil }
            value = value * 10 + Int(c - UInt8(ascii: "0"))
        }
        index += count
        return value
    }

    /// Consumes ASCII letters and returns them lowercased.
    package mutating func letters() -> String {
        let start = index
        while let c = peek, c.isASCIILetter { index += 1 }
        return String(decoding: bytes[start..<index].map(\.lowercasedASCII), as: UTF8.self)
    }

    package mutating func skipSpaces() {
        while let c = peek, c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") { index += 1 }
    }
}

extension UInt8 {
    package var isASCIIDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
    package var isASCIILetter: Bool { (self | 0x20) >= UInt8(ascii: "a") && (self | 0x20) <= UInt8(ascii: "z") }
    package var isASCIIAlphanumeric: Bool { isASCIIDigit || isASCIILetter }
    package var lowercasedASCII: UInt8 { isASCIILetter ? self | 0x20 : self }
}
