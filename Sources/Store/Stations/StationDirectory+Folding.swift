extension StationDirectory {
    /// Names as the directory compares them: lower case, Latin letters without their accents
    /// (`ä` → `a`, `é` → `e`, `ß` → `ss`, `æ` → `ae`, `ł` → `l`), every run of punctuation and
    /// spaces one space, none at either end.
    ///
    /// `Zürich HB` → `zurich hb`, `Genève` → `geneve`, `Bern, Rathaus` → `bern rathaus`,
    /// `Biel/Bienne` → `biel bienne`. Other scripts keep their letters, lower-cased.
    enum Folding {
        /// Folds `text`; nil when it is longer than `maximumLength` UTF-8 bytes once folded.
        static func fold(_ text: String, maximumLength: Int = .max) -> String? {
            var folded: [UInt8] = []
            folded.reserveCapacity(text.utf8.count)
            var pendingSpace = false
            for scalar in text.unicodeScalars {
                let value = scalar.value
                if (0x300...0x36F).contains(value) { continue }  // combining accents of decomposed input
                let start = folded.count
                if pendingSpace { folded.append(0x20) }
                switch value {
                case 0x30...0x39, 0x61...0x7A: folded.append(UInt8(value))
                case 0x41...0x5A: folded.append(UInt8(value + 0x20))
                case 0xC0...0x17F:
                    if let piece = latin[Int(value - 0xC0)] { folded += piece.utf8 }
                default:
                    if value >= 0x80, scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                        folded += scalar.properties.lowercaseMapping.utf8
                    }
                }
                if folded.count == start + (pendingSpace ? 1 : 0) {
                    // Nothing but the pending space: a separator.
                    folded.removeSubrange(start...)
                    pendingSpace = !folded.isEmpty
                    continue
                }
                pendingSpace = false
                if folded.count > maximumLength { return nil }
            }
            return String(decoding: folded, as: UTF8.self)
        }

        /// The words of a folded name.
        static func tokens(_ folded: String) -> [String] {
            folded.utf8.split(separator: 0x20).map { String(decoding: $0, as: UTF8.self) }
        }

        /// U+00C0…U+017F, Latin-1 Supplement and Latin Extended-A, folded; nil for `×` and `÷`.
        private static let latin: [Substring?] = """
            a a a a a a ae c e e e e i i i i d n o o o o o - o u u u u y th ss \
            a a a a a a ae c e e e e i i i i d n o o o o o - o u u u u y th y \
            a a a a a a c c c c c c c c d d d d e e e e e e e e e e g g g g \
            g g g g h h h h i i i i i i i i i i ij ij j j k k k l l l l l l l \
            l l l n n n n n n n n n o o o o o o oe oe r r r r r r s s s s s s \
            s s t t t t t t u u u u u u u u u u u u w w y y y z z z z z z s
            """.split(separator: " ").map { $0 == "-" ? nil : $0 }
    }
}
