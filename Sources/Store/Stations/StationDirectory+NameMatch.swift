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

    /// Every station's words, compactly: the name's words in order, then those of its locality
    /// that the name lacks, each as a number into the vocabulary of every word once.
    ///
    /// This is all the directory keeps in memory of the names (a few bytes a station); the
    /// folded names themselves live in the database and come back with the rows a query finds.
    struct WordTable: Sendable {
        /// The words' UTF-8 bytes, by number.
        let vocabulary: [[UInt8]]
        /// Station `row`'s words are `numbers[starts[row]..<starts[row + 1]]`.
        private let numbers: [Int32]
        private let starts: [Int32]
        /// How many of each station's words are its name's.
        private let nameCounts: [UInt8]

        /// Collects the words while the directory is built.
        struct Builder {
            private(set) var vocabulary: [[UInt8]] = []
            private var known: [String: Int32] = [:]
            private var numbers: [Int32] = []
            private var starts: [Int32] = [0]
            private var nameCounts: [UInt8] = []

            /// Adds the next station's words: the name's, then the locality's others.
            mutating func add(name: [String], locality: [String]) {
                var seen = Set(name)
                // A name of more than 255 words keeps its first 255: no query has as many.
                let kept = Array(name.prefix(Int(UInt8.max)))
                for word in kept + locality.filter({ seen.insert($0).inserted }) { numbers.append(number(word)) }
                starts.append(Int32(numbers.count))
                nameCounts.append(UInt8(kept.count))
            }

            private mutating func number(_ word: String) -> Int32 {
                if let number = known[word] { return number }
                vocabulary.append(Array(word.utf8))
                known[word] = Int32(vocabulary.count - 1)
                return Int32(vocabulary.count - 1)
            }

            var table: WordTable { WordTable(vocabulary: vocabulary, numbers: numbers, starts: starts, nameCounts: nameCounts) }

            /// The words last added, joined by spaces: what the word index holds.
            var lastText: String {
                numbers[Int(starts[starts.count - 2])...].map { String(decoding: vocabulary[Int($0)], as: UTF8.self) }
                    .joined(separator: " ")
            }
        }

        /// Station `row`'s words as vocabulary numbers.
        func words(_ row: Int) -> ArraySlice<Int32> { numbers[Int(starts[row])..<Int(starts[row + 1])] }

        /// How many of station `row`'s words are its name's.
        func nameCount(_ row: Int) -> Int { Int(nameCounts[row]) }

        /// A word's bytes.
        subscript(number: Int32) -> [UInt8] { vocabulary[Int(number)] }

        /// Station `row`'s folded name: its name's words joined by spaces, as folding writes it.
        func name(_ row: Int) -> String {
            words(row).prefix(nameCount(row)).map { String(decoding: self[$0], as: UTF8.self) }.joined(separator: " ")
        }

        /// The UTF-8 length of station `row`'s folded name.
        func nameLength(_ row: Int) -> Int {
            let name = words(row).prefix(nameCount(row))
            return name.reduce(0) { $0 + self[$1].count } + max(0, name.count - 1)
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
    /// - 0.8: the place without its locality (`rathaus`): every town's `Rathaus` scores the same;
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
