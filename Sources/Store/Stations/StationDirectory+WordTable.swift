extension StationDirectory {
    /// Every station's words, compactly: the name's words in order, then those of its locality
    /// that the name lacks, each as a number into the vocabulary of every word once; and, the
    /// other way round, the stations that have each word.
    ///
    /// This is all the directory keeps in memory of the names (a few bytes a station); the
    /// folded names themselves live in the database and come back with the rows a query finds.
    /// The stations by word answer word matches and spelling suggestions without a look at
    /// every station.
    struct WordTable: Sendable {
        /// The words' UTF-8 bytes, by number.
        let vocabulary: [[UInt8]]
        /// Station `row`'s words are `numbers[starts[row]..<starts[row + 1]]`.
        private let numbers: [Int32]
        private let starts: [Int32]
        /// How many of each station's words are its name's.
        private let nameCounts: [UInt8]
        /// The stations with word `w` are `rows[rowStarts[w]..<rowStarts[w + 1]]`, in row order.
        private let rows: [Int32]
        private let rowStarts: [Int32]
        /// The vocabulary's numbers in the order of their bytes: the words beginning with a
        /// prefix are a range of it.
        private let sorted: [Int32]

        fileprivate init(vocabulary: [[UInt8]], numbers: [Int32], starts: [Int32], nameCounts: [UInt8]) {
            self.vocabulary = vocabulary
            self.numbers = numbers
            self.starts = starts
            self.nameCounts = nameCounts
            var counts = [Int32](repeating: 0, count: vocabulary.count + 1)
            for word in numbers { counts[Int(word) + 1] += 1 }
            for word in vocabulary.indices { counts[word + 1] += counts[word] }
            var next = counts, rows = [Int32](repeating: 0, count: numbers.count)
            for row in 0..<(starts.count - 1) {
                for word in numbers[Int(starts[row])..<Int(starts[row + 1])] {
                    rows[Int(next[Int(word)])] = Int32(row)
                    next[Int(word)] += 1
                }
            }
            self.rows = rows
            rowStarts = counts
            sorted = vocabulary.indices.sorted { vocabulary[$0].lexicographicallyPrecedes(vocabulary[$1]) }.map { Int32($0) }
        }

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

        /// The rows of the stations with word `number`, in row order.
        func rows(with number: Int32) -> ArraySlice<Int32> {
            rows[Int(rowStarts[Int(number)])..<Int(rowStarts[Int(number) + 1])]
        }

        /// The numbers of the words that begin with `prefix`.
        func words(beginningWith prefix: String) -> ArraySlice<Int32> {
            let bytes = Array(prefix.utf8)
            // The first word not below the prefix, by binary search; the words beginning with it follow.
            var low = 0, high = sorted.count
            while low < high {
                let middle = (low + high) / 2
                if vocabulary[Int(sorted[middle])].lexicographicallyPrecedes(bytes) { low = middle + 1 } else { high = middle }
            }
            var end = low
            while end < sorted.count, vocabulary[Int(sorted[end])].starts(with: bytes) { end += 1 }
            return sorted[low..<end]
        }

        /// Station `row`'s folded name: its name's words joined by spaces, as folding writes it.
        func name(_ row: Int) -> String {
            words(row).prefix(nameCount(row)).map { String(decoding: self[$0], as: UTF8.self) }.joined(separator: " ")
        }

        /// The UTF-8 length of station `row`'s folded name.
        func nameLength(_ row: Int) -> Int {
            let name = words(row).prefix(nameCount(row))
            return name.reduce(0) { $0 + self[$1].count } + max(0, name.count - 1)
        }

        /// The rows, in order, of the stations that have one of `words`.
        func rows(withAnyOf words: some Sequence<Int32>) -> [Int] {
            var found = Set<Int32>()
            for word in words { found.formUnion(rows(with: word)) }
            return found.sorted().map(Int.init)
        }
    }
}
