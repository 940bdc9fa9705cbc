extension StationDirectory {
    /// Levenshtein distance between two words (insertions, deletions and substitutions of
    /// UTF-8 bytes), computed only up to a bound.
    enum EditDistance {
        /// Two rows of the dynamic programme, reused from one comparison to the next.
        struct Scratch {
            fileprivate var previous: [Int] = []
            fileprivate var current: [Int] = []
        }

        /// The distance between `a` and `b` if it is at most `bound`, else nil.
        ///
        /// One row of the classic dynamic programme at a time, abandoned as soon as every entry
        /// of a row exceeds the bound; words whose lengths differ by more than the bound are not
        /// compared.
        static func between(_ a: [UInt8], _ b: [UInt8], bound: Int, scratch: inout Scratch) -> Int? {
            guard abs(a.count - b.count) <= bound else { return nil }
            if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
            scratch.previous.removeAll(keepingCapacity: true)
            scratch.previous.append(contentsOf: 0...b.count)
            scratch.current.removeAll(keepingCapacity: true)
            scratch.current.append(contentsOf: repeatElement(0, count: b.count + 1))
            for i in 1...a.count {
                scratch.current[0] = i
                var smallest = i
                for j in 1...b.count {
                    let substitution = scratch.previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                    let value = min(substitution, scratch.previous[j] + 1, scratch.current[j - 1] + 1)
                    scratch.current[j] = value
                    smallest = min(smallest, value)
                }
                if smallest > bound { return nil }
                swap(&scratch.previous, &scratch.current)
            }
            let distance = scratch.previous[b.count]
            return distance <= bound ? distance : nil
        }

        /// How many edits a query word of `length` letters may need: 1 up to 3 letters, 2 up to 6,
        /// then about two in five (`zurik` → `zurich` takes 2).
        static func allowance(forLength length: Int) -> Int {
            max(1, (length * 2 + 2) / 5)
        }
    }
}
