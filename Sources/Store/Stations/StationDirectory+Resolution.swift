public import Model

extension StationDirectory {
    /// What a name a user typed stands for.
    public enum Resolution: Sendable, Equatable {
        /// One station.
        case found(Station)
        /// Several stations match equally well (`Rathaus`): nearest first when a position was
        /// given, else by name; at most `maximumCandidates`.
        case ambiguous([Station])
        /// No station matches; up to `maximumSuggestions` names that nearly do, closest first.
        case unknown(suggestions: [Station])
    }

    /// The most stations an ambiguous resolution lists.
    public static let maximumCandidates = 20
    /// The most suggestions an unknown name gets.
    public static let maximumSuggestions = 5

    /// Resolves a station name, or a 7-digit station id, into one station.
    ///
    /// A 7-digit number is looked up as an id. Otherwise the best `search` match wins
    /// (`Bern` is the station named Bern, `Zürich` the town's main station, Zürich HB). When
    /// several match equally well (the 26 stops named `Rathaus`), the one nearest to `near`
    /// wins; without a position the name is ambiguous. A name nothing matches gets suggestions
    /// by spelling: each word within a few edits of a word of the station's name or town
    /// (`Zurik` → `Zürich HB`, …).
    ///
    /// Throws `invalidCoordinate` for a position off the globe.
    public func resolve(
        _ name: String, near position: (latitude: Double, longitude: Double)? = nil
    ) throws(StationDirectoryError) -> Resolution {
        if let position { try Self.validate(latitude: position.latitude, longitude: position.longitude) }
        let trimmed = name.trimmingSpaces
        if trimmed.utf8.count == 7, trimmed.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
            return try station(id: String(trimmed)).map(Resolution.found) ?? .unknown(suggestions: [])
        }
        guard let query = Self.foldQuery(name) else { return .unknown(suggestions: []) }
        let ranked = try rankedRows(query, wanted: 1, bestOnly: true)
        guard let best = ranked.first?.score else { return .unknown(suggestions: suggestions(for: query)) }
        let tied = ranked.prefix { $0.score == best }.map { stations[$0.row] }
        if tied.count == 1 { return .found(tied[0]) }
        guard let position else { return .ambiguous(Array(tied.prefix(Self.maximumCandidates))) }
        let origin = Origin(latitude: position.latitude, longitude: position.longitude)
        // Stable: equally near stations stay in name order.
        let byDistance = tied.map { ($0, origin.haversine(latitude: $0.latitude, longitude: $0.longitude)) }
            .enumerated().sorted { ($0.element.1, $0.offset) < ($1.element.1, $1.offset) }.map(\.element)
        if byDistance[1].1 > byDistance[0].1 { return .found(byDistance[0].0) }
        return .ambiguous(byDistance.prefix(Self.maximumCandidates).map(\.0))
    }

    /// Stations whose words are spelt nearly like the query's: every query word within
    /// `EditDistance.allowance` edits of a different word of the name or town. Fewest edits
    /// for the letters compared first (`zurik` is nearer `zurich` than `muri`), then fewest
    /// words found only in the town, then fewest name words left over, then shortest name.
    func suggestions(for query: FoldedQuery) -> [Station] {
        // Distances to each distinct word once: station names share most of their words.
        var scratch = EditDistance.Scratch()
        let distances = query.tokens.map { token in
            let word = Array(token.utf8), bound = EditDistance.allowance(forLength: word.count)
            return words.vocabulary.map { Int8(EditDistance.between(word, $0, bound: bound, scratch: &scratch) ?? -1) }
        }
        // Only stations with a word near each query word can do: those of the query word whose
        // near words have the fewest stations.
        let near = distances.map { distances in distances.indices.filter { distances[$0] >= 0 }.map { Int32($0) } }
        guard let fewest = near.min(by: { a, b in
            a.reduce(0) { $0 + words.rows(with: $1).count } < b.reduce(0) { $0 + words.rows(with: $1).count }
        }) else { return [] }
        var best: [(edits: Double, inTown: Int, leftOver: Int, length: Int, row: Int)] = []
        for row in words.rows(withAnyOf: fewest) where words.words(row).count >= distances.count {
            let nameWords = words.nameCount(row)
            guard let (edits, letters, inName) = edits(distances, query.tokens, words.words(row), nameWords: nameWords)
            else { continue }
            let entry = (edits: Double(edits) / Double(letters), inTown: distances.count - inName,
                         leftOver: nameWords - inName, length: words.nameLength(row), row: row)
            let index = best.firstIndex { ($0.edits, $0.inTown, $0.leftOver, $0.length, $0.row) >
                                          (entry.edits, entry.inTown, entry.leftOver, entry.length, entry.row) }
            guard index != nil || best.count < Self.maximumSuggestions else { continue }
            best.insert(entry, at: index ?? best.endIndex)
            if best.count > Self.maximumSuggestions { best.removeLast() }
        }
        return best.map { stations[$0.row] }
    }

    /// The edits that turn each query word into a different station word, if all are within
    /// their allowance, the letters of the longer word of each pair, and how many of the words
    /// are the name's (the first `nameWords`); `distances[q][w]` is query word `q`'s distance
    /// to vocabulary word `w`, −1 beyond the allowance.
    private func edits(
        _ distances: [[Int8]], _ queryWords: [String], _ stationWords: ArraySlice<Int32>, nameWords: Int
    ) -> (edits: Int, letters: Int, inName: Int)? {
        var used: UInt64 = 0
        var total = 0, letters = 0, inName = 0
        for (wordDistances, queryWord) in zip(distances, queryWords) {
            var closest: (edits: Int8, index: Int)?
            for (index, word) in stationWords.enumerated() where index < 64 && used & (1 << index) == 0 {
                let edits = wordDistances[Int(word)]
                if edits >= 0, edits < closest?.edits ?? .max { closest = (edits, index) }
            }
            guard let closest else { return nil }
            used |= 1 << closest.index
            total += Int(closest.edits)
            letters += max(queryWord.utf8.count, words[stationWords[stationWords.startIndex + closest.index]].count, 1)
            if closest.index < nameWords { inName += 1 }
        }
        return (total, letters, inName)
    }
}

private extension String {
    /// Without leading and trailing white space.
    var trimmingSpaces: Substring {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
        return self[start..<max(start, end)]
    }
}
