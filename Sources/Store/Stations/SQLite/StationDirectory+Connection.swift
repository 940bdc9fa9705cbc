import Model

extension StationDirectory {
    /// The database, built once from the stations, and the statements every query reuses.
    ///
    /// Not `Sendable`: the directory keeps it behind its lock. Row `n` of table `station` is
    /// the `n`-th station (1-based) and holds only what queries look up by (its id and folded
    /// names). Queries answer rows; the directory keeps the stations in memory by row, so a
    /// result costs no further lookup.
    final class Connection {
        let positionIndex: PositionIndex
        let nameIndex: NameIndex
        private let database: Database
        private let grid: Grid
        private let inBox: Statement
        private let byID: Statement
        private let sameName: Statement
        private let namePrefix: Statement
        private let placePrefix: Statement
        private let words: Statement?

        /// Prefix matches ranked by length are drawn from at most this many rows per prefix,
        /// in alphabetical order, so that a one-letter query costs no sort of every name.
        private static let prefixScan = 2000
        /// A row's folded names, as `sameNameRows` and `prefixRows` read them after its rowid.
        private static let foldedColumns = "folded_name, folded_place, name_key, locality_key"
        /// The longest prefix the word index keeps a list for.
        private static let longestIndexedPrefix = 6

        init(
            stations: [Station], configuration: Configuration, grid: Grid,
            name: (Int) -> (name: FoldedName, words: String)
        ) throws(StationDirectoryError) {
            database = try Database(path: configuration.path ?? ":memory:")
            self.grid = grid
            positionIndex = switch configuration.positionIndex {
            case .automatic: database.supports(module: "rtree", arguments: "id, a, b") ? .rtree : .grid
            case let chosen: chosen
            }
            nameIndex = switch configuration.nameIndex {
            case .automatic: database.supports(module: "fts5", arguments: "words") ? .fts5 : .columns
            case let chosen: chosen
            }
            try database.execute(Self.schema(positionIndex: positionIndex, nameIndex: nameIndex))
            try Self.fill(database, stations: stations, positionIndex: positionIndex, nameIndex: nameIndex, grid: grid, name: name)

            inBox = try database.prepare(positionIndex == .rtree
                ? """
                  SELECT id FROM station_position
                  WHERE minLatitude <= ?2 AND maxLatitude >= ?1 AND minLongitude <= ?4 AND maxLongitude >= ?3
                  """
                : "SELECT station FROM station_cell WHERE cell BETWEEN ?1 AND ?2")
            byID = try database.prepare("SELECT rowid FROM station WHERE id = ?1")
            sameName = try database.prepare("""
                SELECT rowid, \(Self.foldedColumns) FROM station
                WHERE folded_name = ?1 OR folded_place = ?1 OR name_key = ?2 OR locality_key = ?2
                LIMIT ?3
                """)
            namePrefix = try database.prepare("""
                SELECT row, \(Self.foldedColumns) FROM (
                    SELECT rowid AS row, \(Self.foldedColumns) FROM station
                    WHERE folded_name >= ?1 AND folded_name < ?2 LIMIT \(Self.prefixScan))
                ORDER BY length(folded_name), folded_name LIMIT ?3
                """)
            placePrefix = try database.prepare("""
                SELECT row, \(Self.foldedColumns) FROM (
                    SELECT rowid AS row, \(Self.foldedColumns) FROM station
                    WHERE folded_place >= ?1 AND folded_place < ?2 LIMIT \(Self.prefixScan))
                ORDER BY length(folded_place), folded_place LIMIT ?3
                """)
            words = nameIndex == .fts5
                ? try database.prepare("SELECT rowid FROM station_word WHERE station_word MATCH ?1 LIMIT ?2") : nil
        }

        private static func schema(positionIndex: PositionIndex, nameIndex: NameIndex) -> String {
            // A file may hold an older build: start afresh.
            var sql = """
                DROP TABLE IF EXISTS station; DROP TABLE IF EXISTS station_position;
                DROP TABLE IF EXISTS station_cell; DROP TABLE IF EXISTS station_word;
                CREATE TABLE station (
                    id TEXT NOT NULL,
                    folded_name TEXT NOT NULL, folded_place TEXT NOT NULL, name_key TEXT NOT NULL, locality_key TEXT NOT NULL);

                """
            // The R*Tree keeps 32-bit floats rounded outwards, so a box finds every point inside
            // it, and perhaps a few just outside, which the exact distances then rank.
            sql += positionIndex == .rtree
                ? "CREATE VIRTUAL TABLE station_position USING rtree(id, minLatitude, maxLatitude, minLongitude, maxLongitude);\n"
                : "CREATE TABLE station_cell (cell INTEGER NOT NULL, station INTEGER NOT NULL, PRIMARY KEY (cell, station)) WITHOUT ROWID;\n"
            if nameIndex == .fts5 {
                let prefixes = (1...longestIndexedPrefix).map(String.init).joined(separator: " ")
                // Only the words' row lists (the rows live in `station`), with prefix indexes up to
                // six letters: without them every prefix query merges the lists of all its words.
                sql += """
                    CREATE VIRTUAL TABLE station_word USING fts5(words, content='', detail=none, prefix='\(prefixes)');

                    """
            }
            return sql
        }

        private static func fill(
            _ database: Database, stations: [Station], positionIndex: PositionIndex, nameIndex: NameIndex, grid: Grid,
            name folded: (Int) -> (name: FoldedName, words: String)
        ) throws(StationDirectoryError) {
            try database.execute("BEGIN")
            let station = try database.prepare("""
                INSERT INTO station (rowid, id, folded_name, folded_place, name_key, locality_key) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                """)
            let position = try database.prepare(positionIndex == .rtree
                ? "INSERT INTO station_position VALUES (?1, ?2, ?2, ?3, ?3)"
                : "INSERT INTO station_cell VALUES (?1, ?2)")
            let word = nameIndex == .fts5 ? try database.prepare("INSERT INTO station_word (rowid, words) VALUES (?1, ?2)") : nil
            for (offset, entry) in stations.enumerated() {
                let row = Int64(offset + 1)
                let (name, words) = folded(offset)
                try station.run(.integer(row), .text(entry.id), .text(name.name), .text(name.place), .text(name.key),
                                .text(name.localityKey))
                if positionIndex == .rtree {
                    try position.run(.integer(row), .real(entry.latitude), .real(entry.longitude))
                } else {
                    try position.run(.integer(grid.cell(latitude: entry.latitude, longitude: entry.longitude)), .integer(row))
                }
                try word?.run(.integer(row), .text(words))
            }
            // Indexes made over the filled table are built sorted, their pages full: smaller and
            // quicker than indexes grown row by row.
            try database.execute("""
                CREATE UNIQUE INDEX station_id ON station(id);
                CREATE INDEX station_folded_name ON station(folded_name);
                CREATE INDEX station_folded_place ON station(folded_place);
                CREATE INDEX station_name_key ON station(name_key);
                CREATE INDEX station_locality_key ON station(locality_key);
                """)
            try database.execute("COMMIT")
        }
    }
}

extension StationDirectory.Connection {
    /// Appends the rows of the stations inside the box to `rows`, each once.
    func collect(_ box: StationDirectory.SearchBox, into rows: inout [Int64]) throws(StationDirectoryError) {
        guard positionIndex == .rtree else {
            let longitudes = box.east.map { [box.west, $0] } ?? [box.west]
            for cells in grid.ranges(south: box.south, north: box.north, longitudes: longitudes) {
                try inBox.run(.integer(cells.lowerBound), .integer(cells.upperBound)) { row throws(StationDirectoryError) in
                    rows.append(row.integer(0))
                }
            }
            return
        }
        for longitudes in [box.west, box.east] {
            guard let longitudes else { continue }
            try inBox.run(.real(box.south), .real(box.north), .real(longitudes.lowerBound), .real(longitudes.upperBound)) {
                row throws(StationDirectoryError) in
                rows.append(row.integer(0))
            }
        }
    }

    /// The row of the station with id `id`.
    func row(id: String) throws(StationDirectoryError) -> Int64? {
        var found: Int64?
        try byID.run(.text(id)) { row throws(StationDirectoryError) in found = row.integer(0) }
        return found
    }

    /// Rows whose name, place or words equal the query's (all of them): every match scoring 0.8
    /// or more, with its folded names.
    func sameNameRows(
        _ query: StationDirectory.FoldedQuery
    ) throws(StationDirectoryError) -> [(row: Int64, name: StationDirectory.FoldedName)] {
        var rows: [(row: Int64, name: StationDirectory.FoldedName)] = []
        try sameName.run(.text(query.text), .text(query.key), .integer(10_000)) { row throws(StationDirectoryError) in
            rows.append(Self.folded(row))
        }
        return rows
    }

    /// Rows whose name or place begins with the query (shortest first, at most `limit` each):
    /// the matches scoring 0.5 up to 0.75, with their folded names.
    func prefixRows(
        _ query: StationDirectory.FoldedQuery, limit: Int
    ) throws(StationDirectoryError) -> [(row: Int64, name: StationDirectory.FoldedName)] {
        var rows: [(row: Int64, name: StationDirectory.FoldedName)] = []
        // Folded text holds valid UTF-8 only, all of which sorts below U+10FFFF's bytes.
        let end = query.text + "\u{10FFFF}"
        for statement in [namePrefix, placePrefix] {
            try statement.run(.text(query.text), .text(end), .integer(Int64(limit))) { row throws(StationDirectoryError) in
                rows.append(Self.folded(row))
            }
        }
        return rows
    }

    private static func folded(_ row: borrowing StationDirectory.Row) -> (row: Int64, name: StationDirectory.FoldedName) {
        (row.integer(0), StationDirectory.FoldedName(name: row.text(1), place: row.text(2), key: row.text(3), localityKey: row.text(4)))
    }

    /// Rows where every query word begins a word of the name or locality (at most `limit`),
    /// from the word index; nil without one.
    ///
    /// Longer words are looked up by their first six letters, which the index keeps lists for:
    /// a longer prefix would merge the lists of all its words on every query. The rows are
    /// then a superset, which the caller's scoring sorts out.
    func wordRows(_ query: StationDirectory.FoldedQuery, limit: Int) throws(StationDirectoryError) -> [Int64]? {
        guard let words else { return nil }
        var rows: [Int64] = []
        let match = query.tokens.map { "\"\($0.prefix(Self.longestIndexedPrefix))\"*" }.joined(separator: " ")
        try words.run(.text(match), .integer(Int64(limit))) { row throws(StationDirectoryError) in rows.append(row.integer(0)) }
        return rows
    }
}
