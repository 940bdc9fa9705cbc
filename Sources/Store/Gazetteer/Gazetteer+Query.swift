extension Gazetteer {
    /// The longest query looked at, in UTF-8 bytes; a longer one finds nothing.
    public static let maximumQueryLength = 200

    /// A query split into the folded name and what its qualifier names.
    ///
    /// `Bethesda, OH` → `bethesda` in Ohio; `Bern, Switzerland` and `Bern, CH` → `bern` in
    /// Switzerland; `Springfield, Illinois` → `springfield` in Illinois. The qualifier follows
    /// the last comma; one the gazetteer does not know ranks nothing up.
    struct Query {
        let name: String
        let qualifiers: [Names.Qualifier]
        /// Whether the query had a qualifier the gazetteer knows.
        var isQualified: Bool { !qualifiers.isEmpty }

        /// The query parsed; nil when it is empty, too long, or has no name before its qualifier.
        init?(_ text: String, names: Names) {
            guard text.utf8.count <= Gazetteer.maximumQueryLength else { return nil }
            var namePart = Substring(text), qualifierPart: Substring = ""
            if let comma = text.lastIndex(of: ",") {
                namePart = text[..<comma]
                qualifierPart = text[text.index(after: comma)...]
            }
            guard let name = StationDirectory.Folding.fold(String(namePart)), !name.isEmpty else { return nil }
            self.name = name
            let qualifier = StationDirectory.Folding.fold(String(qualifierPart)) ?? ""
            qualifiers = qualifier.isEmpty ? [] : names.qualifiers[qualifier] ?? []
        }

        private init(name: String, qualifiers: [Names.Qualifier]) {
            self.name = name
            self.qualifiers = qualifiers
        }

        /// For a query without a comma (`bethesda oh`, `bern switzerland`): the name without its
        /// last one or two words, qualified by them, when they name a country or a division.
        func splittingQualifier(names: Names) -> [Query] {
            guard !isQualified else { return [] }
            let words = name.split(separator: " ")
            return [1, 2].compactMap { count in
                guard words.count > count else { return nil }
                let qualifier = words.suffix(count).joined(separator: " ")
                guard let known = names.qualifiers[qualifier] else { return nil }
                return Query(name: words.dropLast(count).joined(separator: " "), qualifiers: known)
            }
        }

        /// Whether a place in `country` and `admin` is in what the qualifier names.
        func matches(country: String, admin: String) -> Bool {
            qualifiers.contains { $0.matches(country: country, admin: admin) }
        }
    }

    /// A US ZIP code (`90210`, or `90210-1234` of which the first five digits count), else nil.
    static func zipCode(_ text: String) -> Int? {
        var digits = Substring(text)
        while digits.first?.isWhitespace == true { digits.removeFirst() }
        while digits.last?.isWhitespace == true { digits.removeLast() }
        let bytes = Array(digits.utf8)
        let isDigit = { (byte: UInt8) in (0x30...0x39).contains(byte) }
        guard bytes.count == 5 || (bytes.count == 10 && bytes[5] == 0x2D && bytes[6...].allSatisfy(isDigit)),
              bytes[..<5].allSatisfy(isDigit)
        else { return nil }
        return Int(String(decoding: bytes[..<5], as: UTF8.self))
    }
}
