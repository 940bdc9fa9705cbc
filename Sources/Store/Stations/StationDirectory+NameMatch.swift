extension StationDirectory {
    /// A station's name folded for matching, as the database keeps it.
    struct FoldedName: Sendable {
        /// The whole name (`bern rathaus`).
        let name: String
        /// The name without its locality (`rathaus` for `Bern, Rathaus`, `oerlikon` for
        /// `Zürich Oerlikon` in Zürich); the name itself when it has no locality part.
        let place: String
        /// The name's words, sorted (`bern rathaus`): the same words in any order match.
        let key: String
        /// The locality's words followed by the place's, sorted.
        let localityKey: String

        /// As read back from the database.
        init(name: String, place: String, key: String, localityKey: String) {
            self.name = name
            self.place = place
            self.key = key
            self.localityKey = localityKey
        }

        /// Folds a name and its locality, adding the name's words and then the locality's
        /// other words to `words`.
        init(name: String, locality: String, words: inout WordTable.Builder) {
            let folded = Folding.fold(name) ?? ""
            let town = Folding.fold(locality) ?? ""
            if let comma = name.firstIndex(of: ",") {
                place = Folding.fold(String(name[name.index(after: comma)...])) ?? ""
            } else if !town.isEmpty, folded.utf8.starts(with: (town + " ").utf8) {
                place = String(decoding: folded.utf8.dropFirst(town.utf8.count + 1), as: UTF8.self)
            } else {
                place = folded
            }
            self.name = folded
            let nameTokens = Folding.tokens(folded)
            key = nameTokens.sorted().joined(separator: " ")
            let townTokens = Folding.tokens(town)
            localityKey = (townTokens + Folding.tokens(place)).sorted().joined(separator: " ")
            words.add(name: nameTokens, locality: townTokens)
        }
    }

    /// A folded query and its words.
    struct FoldedQuery {
        let text: String
        let tokens: [String]
        let key: String
        /// The words, longest first: the order they are matched in.
        let longestFirst: [String]

        init(text: String) {
            self.text = text
            tokens = Folding.tokens(text)
            key = tokens.sorted().joined(separator: " ")
            longestFirst = tokens.sorted { $0.utf8.count > $1.utf8.count }
        }
    }

    /// How well a folded query matches station `row`, in 0…1; nil when it does not match at all.
    ///
    /// Tiers, best first, each above every score of the next:
    /// - 1: the whole name (`bern rathaus` for `Bern, Rathaus`);
    /// - 0.9: the same words in another order, or the locality's and place's words (`rathaus bern`);
    /// - 0.8: the place without its locality (`rathaus`): every town's `Rathaus` scores the same
    ///   (a town's name, `zurich`, scores its main station 0.95 apart from these tiers: `Towns`);
    /// - 0.5…0.75: a prefix of the name or of the place, more for a larger share of it;
    /// - 0.2…0.45: every query word begins a different word of the name or locality, more for a
    ///   larger share of the name's letters.
    ///
    /// Without `candidate` (a row the word index found, which the columns did not) only the
    /// last tier is tried.
    func score(_ query: FoldedQuery, _ candidate: FoldedName?, row: Int) -> Double? {
        if let candidate {
            if candidate.name == query.text { return 1 }
            if candidate.key == query.key || candidate.localityKey == query.key { return 0.9 }
            if candidate.place != candidate.name, candidate.place == query.text { return 0.8 }
            let length = Double(query.text.utf8.count)
            if candidate.name.utf8.starts(with: query.text.utf8) {
                return 0.5 + 0.25 * length / Double(candidate.name.utf8.count)
            }
            if candidate.place.utf8.starts(with: query.text.utf8), !candidate.place.isEmpty {
                return 0.5 + 0.25 * length / Double(candidate.place.utf8.count)
            }
        }
        guard let matched = wordPrefixes(query.longestFirst, in: row) else { return nil }
        let letters = words.words(row).prefix(words.nameCount(row)).reduce(0) { $0 + words[$1].count }
        return 0.2 + 0.25 * min(1, Double(matched) / Double(max(letters, 1)))
    }

    /// The letters matched when every query word, in the order given (longest first), begins
    /// a different one of station `row`'s words; nil when one does not.
    func wordPrefixes(_ queryWords: [String], in row: Int) -> Int? {
        let candidates = words.words(row)
        guard !queryWords.isEmpty, queryWords.count <= candidates.count, candidates.count <= 64 else { return nil }
        var used: UInt64 = 0
        var matched = 0
        for word in queryWords {
            guard let index = candidates.indices.first(where: {
                used & (1 << ($0 - candidates.startIndex)) == 0 && words[candidates[$0]].starts(with: word.utf8)
            }) else { return nil }
            used |= 1 << (index - candidates.startIndex)
            matched += word.utf8.count
        }
        return matched
    }
}
