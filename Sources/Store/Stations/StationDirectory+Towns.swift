import Model

extension StationDirectory {
    /// The score of a town's main station when the query is the town's name: above the same
    /// words in another order, below the station's own name.
    static let townScore = 0.95

    /// Each town's main station, by the town's folded name: `zurich` → Zürich HB, `basel` →
    /// Basel SBB, and for a town with a bilingual name each of its names too (`biel` and
    /// `bienne` → Biel/Bienne).
    ///
    /// A town is a locality of the stations. Its main station is its railway station named
    /// like it, else its railway station with the shortest name, else its stop with the
    /// shortest name (the first by row of equals). When several towns fold to one name, the one
    /// with the most stops has it (`Biel/Bienne`, not the hamlet of Biel in the Goms).
    struct Towns {
        private struct Town {
            let locality: String
            var main: Int
            var rank: (Int, Int, Int, Int)
            var count: Int
        }

        private var members: [String: Town] = [:]

        /// Counts station `row` into its town.
        mutating func add(row: Int, station: Station, name: FoldedName) {
            guard !station.locality.isEmpty, let town = Folding.fold(station.locality), !town.isEmpty else { return }
            let rank = (station.kind == .train ? 0 : 1, name.name == town ? 0 : 1, name.name.utf8.count, row)
            guard var entry = members[town] else {
                members[town] = Town(locality: station.locality, main: row, rank: rank, count: 1)
                return
            }
            if rank < entry.rank { (entry.main, entry.rank) = (row, rank) }
            entry.count += 1
            members[town] = entry
        }

        /// Each town's main station by the town's names.
        var mainStations: [String: Int] {
            var towns: [String: (main: Int, count: Int)] = [:]
            for (town, entry) in members {
                var keys = [town]
                if entry.locality.contains("/") {
                    keys += entry.locality.split(separator: "/").compactMap { Folding.fold(String($0)) }.filter { !$0.isEmpty }
                }
                for key in keys {
                    if let other = towns[key], (other.count, -other.main) >= (entry.count, -entry.main) { continue }
                    towns[key] = (entry.main, entry.count)
                }
            }
            return towns.mapValues(\.main)
        }
    }
}
