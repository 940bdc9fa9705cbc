public import Model

extension StationDirectory {
    /// The longest query looked at, in UTF-8 bytes once folded; a longer one matches nothing.
    public static let maximumQueryLength = 200
    /// The most words a query may have; one with more matches nothing.
    static let maximumQueryWords = 16

    /// Stations whose name matches `query`, best first, with a score in 0…1.
    ///
    /// Case, accents and punctuation do not count (`zurich hb` finds `Zürich HB`, `geneve`
    /// finds `Genève`, `bern rathaus` finds `Bern, Rathaus`). The whole name scores 1; a town's
    /// name its main station 0.95 (`zurich` finds Zürich HB, `biel` Biel/Bienne; see
    /// `towns(of:names:)`); the same words in another order 0.9; the name without its town
    /// (`Rathaus`) 0.8; a prefix of the name 0.5…0.75; every query word beginning a word of the
    /// name or town 0.2…0.45. Equal scores in name order. An empty query, or one longer than
    /// `maximumQueryLength`, finds nothing.
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
    /// The indexed columns give every match scoring 0.5 or more, and the town's main station
    /// is looked up by name; only when fewer than `wanted` of those exist are word matches
    /// looked up too (in the word index, or else in the words in memory), as none of them could
    /// rank higher.
    ///
    /// With `bestOnly` (resolution, which needs the best tier alone) prefix matches are not
    /// looked up when the name, its words or its place match, as they score less.
    func rankedRows(
        _ query: FoldedQuery, wanted: Int, bestOnly: Bool = false
    ) throws(StationDirectoryError) -> [(row: Int, score: Double)] {
        let candidates = max(200, 4 * wanted)
        let close = try connection.withLock { connection throws(StationDirectoryError) in
            let same = try connection.sameNameRows(query)
            return bestOnly && !same.isEmpty ? same : same + (try connection.prefixRows(query, limit: candidates))
        }
        var seen: [Int: Int] = [:]
        var ranked: [(row: Int, score: Double, name: String)] = []
        func rank(_ row: Int, _ name: FoldedName?) {
            guard seen[row] == nil, let score = score(query, name, row: row) else { return }
            seen[row] = ranked.count
            ranked.append((row, score, name?.name ?? words.name(row)))
        }
        for (row, name) in close { rank(Int(row) - 1, name) }
        if let town = towns[query.text] {
            if let index = seen[town] {
                ranked[index].score = max(ranked[index].score, Self.townScore)
            } else {
                seen[town] = ranked.count
                ranked.append((town, Self.townScore, words.name(town)))
            }
        }
        if ranked.count < wanted {
            let found = try connection.withLock { connection throws(StationDirectoryError) in
                try connection.wordRows(query, limit: 4 * candidates)
            }
            if let found {
                for row in found { rank(Int(row) - 1, nil) }
            } else {
                for row in wordRows(query) { rank(row, nil) }
            }
        }
        ranked.sort { a, b in
            if a.score != b.score { return a.score > b.score }
            return a.name != b.name ? a.name.utf8.lexicographicallyPrecedes(b.name.utf8) : a.row < b.row
        }
        return ranked.map { ($0.row, $0.score) }
    }

    /// The rows, in order, of the stations where every query word begins a different one of
    /// their words: drawn from the stations of the query word whose words have the fewest
    /// stations, then checked.
    func wordRows(_ query: FoldedQuery) -> [Int] {
        var fewest: (words: ArraySlice<Int32>, stations: Int)?
        for token in query.tokens {
            let matching = words.words(beginningWith: token)
            let stations = matching.reduce(0) { $0 + words.rows(with: $1).count }
            guard stations > 0 else { return [] }
            if stations < fewest?.stations ?? .max { fewest = (matching, stations) }
        }
        guard let fewest else { return [] }
        return words.rows(withAnyOf: fewest.words).filter { wordPrefixes(query.longestFirst, in: $0) != nil }
    }
}
