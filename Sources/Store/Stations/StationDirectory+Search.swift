public import Model

extension StationDirectory {
    /// The longest query looked at, in UTF-8 bytes once folded; a longer one matches nothing.
    public static let maximumQueryLength = 200
    /// The most words a query may have; one with more matches nothing.
    static let maximumQueryWords = 16

    /// Stations whose name matches `query`, best first, with a score in 0…1.
    ///
    /// Case, accents and punctuation do not count (`zurich hb` finds `Zürich HB`, `geneve`
    /// finds `Genève`, `thun rathaus` finds `Thun, Rathaus`). The whole name scores 1; the same
    /// words in another order 0.9; the name without its town (`Rathaus`) 0.8; a prefix of the
    /// name 0.5…0.75; every query word beginning a word of the name or town 0.2…0.45. Equal
    /// scores in name order. An empty query, or one longer than `maximumQueryLength`, finds
    /// nothing.
    public func search(_ query: String, limit: Int = 10) throws(StationDirectoryError) -> [(station: Station, score: Double)] {
        guard limit > 0, let folded = Self.foldQuery(query) else { return [] }
        return try rankedRows(folded, wanted: limit).prefix(limit).map { (stations[$0.row], $0.score) }
    }

    /// The query folded, or nil when it is empty or too long to be a name.
    static func foldQuery(_ query: String) -> FoldedQuery? {
        guard query.utf8.count <= 4 * maximumQueryLength,
              let text = Folding.fold(query, maximumLength: maximumQueryLength), !text.isEmpty
        else { return nil }
        let folded = FoldedQuery(text: text)
        return folded.tokens.count <= maximumQueryWords ? folded : nil
    }

    /// Matching rows − 1 with their scores: best first, then by folded name, then by row.
    ///
    /// The indexed columns give every match scoring 0.5 or more; only when fewer than `wanted`
    /// of those exist are word matches looked up too (in the word index, or else by a scan of
    /// the folded names in memory), as none of them could rank higher.
    func rankedRows(_ query: FoldedQuery, wanted: Int) throws(StationDirectoryError) -> [(row: Int, score: Double)] {
        let candidates = max(200, 4 * wanted)
        var rows = try connection.withLock { connection throws(StationDirectoryError) in
            try connection.closeNameRows(query, limit: candidates)
        }
        var seen = Set<Int64>()
        var ranked: [(row: Int, score: Double)] = []
        func rank(_ row: Int64) {
            guard seen.insert(row).inserted, let score = Self.score(query, names[Int(row) - 1]) else { return }
            ranked.append((Int(row) - 1, score))
        }
        rows.forEach(rank)
        if ranked.count < wanted {
            let words = try connection.withLock { connection throws(StationDirectoryError) in
                try connection.wordRows(query, limit: 4 * candidates)
            }
            if let words {
                words.forEach(rank)
            } else {
                rows = names.indices.lazy
                    .filter { Self.wordPrefixes(query.longestFirst, in: self.names[$0].allTokens) != nil }
                    .map { Int64($0 + 1) }
                rows.forEach(rank)
            }
        }
        ranked.sort { a, b in
            if a.score != b.score { return a.score > b.score }
            let left = names[a.row].name, right = names[b.row].name
            return left != right ? left.utf8.lexicographicallyPrecedes(right.utf8) : a.row < b.row
        }
        return ranked
    }
}
