public import Model

extension Gazetteer {
    /// Places named exactly as asked are all looked at, up to this many.
    static let sameNameLimit = 2000
    /// Places whose name only begins as asked are drawn from this many, in name order.
    static let prefixScan = 5000
    /// Names compared for spelling suggestions are drawn from this many, in name order.
    static let suggestionScan = 30_000
    /// The most results any query returns.
    static let maximumLimit = 200

    /// Places matching `query`, best first: a name (`Bethesda`), a name with a division or a
    /// country after a comma (`Bethesda, OH`, `Bethesda, Maryland`, `Bern, CH`,
    /// `Bern, Switzerland`), or a US ZIP code (`90210`).
    ///
    /// Case and accents do not count (`zurich` finds Zürich). Whole names rank above names
    /// that only begin as asked; then places the qualifier names; then the more populous; then
    /// the lower id. A ZIP code answers the code itself, as a `postcode` result named after
    /// its city. A query that is empty, longer than `maximumQueryLength` bytes or names nothing
    /// finds nothing; its text is only ever bound as a value, so `%`, `_` or quotes are letters
    /// like any other (and are folded away as punctuation).
    public func search(_ query: String, limit: Int) throws(GazetteerError) -> [Place] {
        guard limit > 0, query.utf8.count <= Self.maximumQueryLength else { return [] }
        let limit = min(limit, Self.maximumLimit)
        if let code = Self.zipCode(query) {
            let row = try connection.withLock { connection throws(GazetteerError) in try connection.zip(code: code) }
            return row.map { [postcodePlace($0)] } ?? []
        }
        guard let parsed = Query(query, names: names) else { return [] }
        var ranked = try rank(parsed)
        for split in parsed.splittingQualifier(names: names) where ranked.isEmpty {
            ranked = try rank(split)
        }
        var places: [Place] = []
        for candidate in ranked.prefix(limit) {
            if let place = try place(id: candidate.id) { places.append(place) }
        }
        return places
    }

    /// The places matching the query's name, best first (see `search`).
    private func rank(_ query: Query) throws(GazetteerError) -> [NameCandidate] {
        let (exact, prefix) = try connection.withLock { connection throws(GazetteerError) in
            try connection.candidates(named: query.name, limit: Self.sameNameLimit, scan: Self.prefixScan)
        }
        func key(_ candidate: NameCandidate, tier: Int) -> (Int, Int, Int, Int) {
            (tier, query.matches(country: candidate.country, admin: candidate.admin) ? 0 : 1, -candidate.population, candidate.id)
        }
        let keyed = exact.map { (key($0, tier: 0), $0) } + prefix.map { (key($0, tier: 1), $0) }
        return keyed.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// Close spellings of a name that found nothing, best first: places whose folded name is
    /// within a few edits of the query's (one for up to three letters, two up to six, then
    /// about two in five); fewer edits first, then places the qualifier names, then the more
    /// populous (`Bethseda` → Bethesda, Maryland).
    ///
    /// Names that share the query's first two letters are compared first; only when they give
    /// fewer than `limit` suggestions, names that share its first letter. A misspelt first
    /// letter is not corrected.
    public func suggestions(for query: String, limit: Int) throws(GazetteerError) -> [Place] {
        guard limit > 0, let parsed = Query(query, names: names), !parsed.name.isEmpty else { return [] }
        let limit = min(limit, Self.maximumLimit)
        let word = Array(parsed.name.utf8)
        let bound = StationDirectory.EditDistance.allowance(forLength: word.count)
        var ranked: [(key: (Int, Int, Int, Int), id: Int)] = []
        var scratch = StationDirectory.EditDistance.Scratch()
        for prefixLength in [2, 1] where ranked.count < limit && parsed.name.count >= prefixLength {
            let start = String(parsed.name.prefix(prefixLength))
            let candidates = try connection.withLock { connection throws(GazetteerError) in
                try connection.candidates(startingWith: start, lengths: max(1, word.count - bound)...(word.count + bound),
                                          scan: Self.suggestionScan)
            }
            ranked.removeAll()
            for candidate in candidates {
                guard let edits = StationDirectory.EditDistance.between(word, Array(candidate.folded.utf8), bound: bound,
                                                                        scratch: &scratch)
                else { continue }
                let qualified = parsed.matches(country: candidate.country, admin: candidate.admin) ? 0 : 1
                ranked.append(((edits, qualified, -candidate.population, candidate.id), candidate.id))
            }
        }
        ranked.sort { $0.key < $1.key }
        var places: [Place] = []
        for entry in ranked.prefix(limit) {
            if let place = try place(id: entry.id) { places.append(place) }
        }
        return places
    }
}
