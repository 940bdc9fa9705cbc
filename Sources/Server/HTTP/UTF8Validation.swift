/// Strict UTF-8 well-formedness as RFC 3629 §4 defines it.
enum UTF8Validation {
    /// Whether the bytes are well-formed UTF-8: no overlong forms, surrogates, values above
    /// U+10FFFF or truncated sequences.
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            // The second byte's range depends on the lead; that is what rules out overlong
            // forms (E0, F0), surrogates (ED) and values above U+10FFFF (F4).
            let length: Int
            var secondLow: UInt8 = 0x80
            var secondHigh: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; secondLow = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; secondHigh = 0x9F
            case 0xF0: length = 4; secondLow = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; secondHigh = 0x8F
            default: return false
            }
            guard index + length <= count else { return false }
            let second = bytes[index + 1]
            guard second >= secondLow && second <= secondHigh else { return false }
            var next = index + 2
            while next < index + length {
                guard bytes[next] & 0xC0 == 0x80 else { return false }
                next += 1
            }
            index += length
        }
        return true
    }
}
