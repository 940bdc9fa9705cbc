/// The XML 1.0 `Name` production, which element and attribute names must match.
///
/// See <https://www.w3.org/TR/xml/#NT-Name>. Names come from our own code, so this runs only
/// inside `assert`, catching a bad name in debug builds and tests at no release cost.
enum XMLName {
    /// Whether `name` is a well-formed XML name.
    static func isValid(_ name: String) -> Bool {
        var scalars = name.unicodeScalars.makeIterator()
        guard let first = scalars.next(), isStart(first.value) else {
            return false
        }
        while let scalar = scalars.next() {
            guard isStart(scalar.value) || isContinuation(scalar.value) else {
                return false
            }
        }
        return true
    }

    private static func isStart(_ value: UInt32) -> Bool {
        switch value {
        case 0x3A, 0x41...0x5A, 0x5F, 0x61...0x7A,
             0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D, 0x37F...0x1FFF,
             0x200C...0x200D, 0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF,
             0xF900...0xFDCF, 0xFDF0...0xFFFD, 0x10000...0xEFFFF:
            true
        default:
            false
        }
    }

    private static func isContinuation(_ value: UInt32) -> Bool {
        switch value {
        case 0x2D, 0x2E, 0x30...0x39, 0xB7, 0x300...0x36F, 0x203F...0x2040:
            true
        default:
            false
        }
    }
}
