import Kernel

extension Gazetteer {
    /// The version of the database layout; a file of another version is rebuilt.
    static let schemaVersion: Int64 = 2

    /// A place's row as the database holds it.
    struct PlaceRow {
        let id: Int
        let name: String
        let country: String
        let admin: String
        let latitude: Double
        let longitude: Double
        let population: Int
        let timeZone: Int
    }

    /// A ZIP code's row.
    struct ZipRow {
        let code: Int
        let city: String
        let state: String
        let latitude: Double
        let longitude: Double
        let timeZone: Int
    }

    /// A place matching a query's name, with what ranking needs.
    struct NameCandidate {
        let id: Int
        let folded: String
        let country: String
        let admin: String
        let population: Int
    }

    /// A row found inside a box, with its exact position.
    struct Located {
        let id: Int
        let latitude: Double
        let longitude: Double
    }

    /// The read-only database file and the statements every query reuses.
    ///
    /// Not `Sendable`: the gazetteer keeps it behind its lock.
    final class Connection {
        let placeCount: Int
        let postcodeCount: Int
        private let database: StationDirectory.Database
        private let placeByID: StationDirectory.Statement
        private let zipByCode: StationDirectory.Statement
        private let sameName: StationDirectory.Statement
        private let namePrefix: StationDirectory.Statement
        private let similarNames: StationDirectory.Statement
        private let placesInBox: StationDirectory.Statement
        private let largestInBox: StationDirectory.Statement
        private let zipsInBox: StationDirectory.Statement
        private let zipsOfCity: StationDirectory.Statement

        /// Opens the file at `path` read-only and checks that it is a complete build of the
        /// embedded data: the layout version, the digest, and a size that matches its pages
        /// (a truncated copy has fewer bytes than its header counts).
        init(path: String, cacheKiB: Int, digest: String) throws(GazetteerError) {
            guard let size = Files.size(path) else { throw GazetteerError.file.with("\(path): no such file") }
            do {
                database = try StationDirectory.Database(path: path, readOnly: true)
                // No mmap: mapped pages count against the process's resident memory.
                try database.execute("PRAGMA cache_size = -\(cacheKiB); PRAGMA mmap_size = 0; PRAGMA query_only = 1")
                let pages = try Self.integer(database, "PRAGMA page_count"), pageSize = try Self.integer(database, "PRAGMA page_size")
                let version = try Self.integer(database, "PRAGMA user_version")
                guard version == Gazetteer.schemaVersion, pages * pageSize == Int64(size) else {
                    throw GazetteerError.corruptData.with("\(path): version \(version), \(size) bytes for \(pages) pages")
                }
                var meta: [String: String] = [:]
                try database.prepare("SELECT key, value FROM meta").run { row throws(StationDirectoryError) in
                    meta[row.text(0)] = row.text(1)
                }
                guard meta["digest"] == digest, let places = meta["places"].flatMap({ Int($0) }),
                      let zips = meta["zips"].flatMap({ Int($0) })
                else { throw GazetteerError.corruptData.with("\(path): built from other data") }
                placeCount = places
                postcodeCount = zips
                placeByID = try database.prepare("""
                    SELECT id, name, country, admin, latitude, longitude, population, timezone FROM place WHERE id = ?1
                    """)
                zipByCode = try database.prepare("SELECT zip, city, state, latitude, longitude, timezone FROM zip WHERE zip = ?1")
                sameName = try database.prepare("SELECT id, folded, country, admin, population FROM place WHERE folded = ?1 LIMIT ?2")
                namePrefix = try database.prepare("""
                    SELECT id, folded, country, admin, population FROM place WHERE folded > ?1 AND folded < ?2 LIMIT ?3
                    """)
                similarNames = try database.prepare("""
                    SELECT id, folded, country, admin, population FROM place
                    WHERE folded >= ?1 AND folded < ?2 AND length(folded) BETWEEN ?3 AND ?4 LIMIT ?5
                    """)
                placesInBox = try database.prepare("""
                    SELECT p.id, p.latitude, p.longitude FROM place_position r JOIN place p ON p.id = r.id
                    WHERE r.minLatitude <= ?2 AND r.maxLatitude >= ?1 AND r.minLongitude <= ?4 AND r.maxLongitude >= ?3
                      AND p.population >= ?5
                    """)
                // The covering index on population, largest first, is walked until enough rows lie in
                // the box: a few hundred entries for a country-sized box, every entry above the floor
                // at worst (a box of open sea).
                largestInBox = try database.prepare("""
                    SELECT id, population FROM place INDEXED BY place_population
                    WHERE population >= ?5 AND latitude BETWEEN ?1 AND ?2 AND longitude BETWEEN ?3 AND ?4
                    ORDER BY population DESC LIMIT ?6
                    """)
                zipsInBox = try database.prepare("""
                    SELECT z.zip, z.latitude, z.longitude FROM zip_position r JOIN zip z ON z.zip = r.id
                    WHERE r.minLatitude <= ?2 AND r.maxLatitude >= ?1 AND r.minLongitude <= ?4 AND r.maxLongitude >= ?3
                    """)
                zipsOfCity = try database.prepare("""
                    SELECT zip, latitude, longitude FROM zip WHERE folded_city = ?1 AND state = ?2 AND type = 'S' ORDER BY zip
                    """)
            } catch let error as StationDirectoryError {
                throw GazetteerError(error)
            } catch let error as GazetteerError {
                throw error
            } catch {
                throw GazetteerError.database.with("\(error)")
            }
        }

        private static func integer(_ database: StationDirectory.Database, _ sql: String) throws(StationDirectoryError) -> Int64 {
            var value: Int64 = 0
            try database.prepare(sql).run { row throws(StationDirectoryError) in value = row.integer(0) }
            return value
        }

        /// Country and division names and time zones.
        func names() throws(GazetteerError) -> Names {
            var countries: [String: String] = [:]
            var admins: [(country: String, code: String, name: String)] = []
            var zones: [String] = []
            try sqlite { () throws(StationDirectoryError) in
                try database.prepare("SELECT code, name FROM country").run { row throws(StationDirectoryError) in
                    countries[row.text(0)] = row.text(1)
                }
                try database.prepare("SELECT country, code, name FROM admin ORDER BY country, code").run {
                    row throws(StationDirectoryError) in
                    admins.append((row.text(0), row.text(1), row.text(2)))
                }
                try database.prepare("SELECT name FROM timezone ORDER BY id").run { row throws(StationDirectoryError) in
                    zones.append(row.text(0))
                }
            }
            return Names(countries: countries, admins: admins, timeZones: zones)
        }

        /// Runs `body` in one read transaction: one shared lock and one look at the file's
        /// header for all its queries, where each query alone would take its own.
        func reading<T>(_ body: () throws(GazetteerError) -> T) throws(GazetteerError) -> T {
            try sqlite { () throws(StationDirectoryError) in try database.execute("BEGIN") }
            do {
                let value = try body()
                try sqlite { () throws(StationDirectoryError) in try database.execute("COMMIT") }
                return value
            } catch {
                _ = try? sqlite { () throws(StationDirectoryError) in try database.execute("ROLLBACK") }
                throw error
            }
        }

        func place(id: Int) throws(GazetteerError) -> PlaceRow? {
            var found: PlaceRow?
            try sqlite { () throws(StationDirectoryError) in
                try placeByID.run(.integer(Int64(id))) { row throws(StationDirectoryError) in
                    found = PlaceRow(id: Int(row.integer(0)), name: row.text(1), country: row.text(2), admin: row.text(3),
                                     latitude: row.real(4), longitude: row.real(5), population: Int(row.integer(6)),
                                     timeZone: Int(row.integer(7)))
                }
            }
            return found
        }

        func zip(code: Int) throws(GazetteerError) -> ZipRow? {
            var found: ZipRow?
            try sqlite { () throws(StationDirectoryError) in
                try zipByCode.run(.integer(Int64(code))) { row throws(StationDirectoryError) in
                    found = ZipRow(code: Int(row.integer(0)), city: row.text(1), state: row.text(2), latitude: row.real(3),
                                   longitude: row.real(4), timeZone: Int(row.integer(5)))
                }
            }
            return found
        }

        /// Places named exactly `folded` (at most `limit`), then places whose name begins with
        /// it, the first `scan` in name order.
        func candidates(named folded: String, limit: Int, scan: Int) throws(GazetteerError) -> (exact: [NameCandidate], prefix: [NameCandidate]) {
            var exact: [NameCandidate] = [], prefix: [NameCandidate] = []
            try sqlite { () throws(StationDirectoryError) in
                try sameName.run(.text(folded), .integer(Int64(limit))) { row throws(StationDirectoryError) in
                    exact.append(Self.candidate(row))
                }
                // Folded text is valid UTF-8, all of which sorts below U+10FFFF's bytes.
                try namePrefix.run(.text(folded), .text(folded + "\u{10FFFF}"), .integer(Int64(scan))) {
                    row throws(StationDirectoryError) in
                    prefix.append(Self.candidate(row))
                }
            }
            return (exact, prefix)
        }

        /// Places whose folded name begins with `start` and has `lengths` UTF-8 bytes, the first
        /// `scan` in name order.
        func candidates(startingWith start: String, lengths: ClosedRange<Int>, scan: Int) throws(GazetteerError) -> [NameCandidate] {
            var found: [NameCandidate] = []
            try sqlite { () throws(StationDirectoryError) in
                try similarNames.run(.text(start), .text(start + "\u{10FFFF}"), .integer(Int64(lengths.lowerBound)),
                                     .integer(Int64(lengths.upperBound)), .integer(Int64(scan))) {
                    row throws(StationDirectoryError) in
                    found.append(Self.candidate(row))
                }
            }
            return found
        }

        private static func candidate(_ row: borrowing StationDirectory.Row) -> NameCandidate {
            NameCandidate(id: Int(row.integer(0)), folded: row.text(1), country: row.text(2), admin: row.text(3),
                          population: Int(row.integer(4)))
        }

        /// Calls `visit` with each place of `minimumPopulation` or more inside the box.
        func places(
            in box: StationDirectory.SearchBox, minimumPopulation: Int, _ visit: (Located) -> Void
        ) throws(GazetteerError) {
            try sqlite { () throws(StationDirectoryError) in
                for longitudes in [box.west, box.east] as [ClosedRange<Double>?] {
                    guard let longitudes else { continue }
                    try placesInBox.run(.real(box.south), .real(box.north), .real(longitudes.lowerBound),
                                        .real(longitudes.upperBound), .integer(Int64(minimumPopulation))) {
                        row throws(StationDirectoryError) in
                        visit(Located(id: Int(row.integer(0)), latitude: row.real(1), longitude: row.real(2)))
                    }
                }
            }
        }

        /// The ids and populations of the `limit` most populous places of `minimumPopulation` or more inside a
        /// latitude range and a longitude range, most populous first.
        func largest(
            latitudes: ClosedRange<Double>, longitudes: ClosedRange<Double>, minimumPopulation: Int, limit: Int
        ) throws(GazetteerError) -> [(id: Int, population: Int)] {
            var found: [(id: Int, population: Int)] = []
            try sqlite { () throws(StationDirectoryError) in
                try largestInBox.run(.real(latitudes.lowerBound), .real(latitudes.upperBound), .real(longitudes.lowerBound),
                                     .real(longitudes.upperBound), .integer(Int64(minimumPopulation)), .integer(Int64(limit))) {
                    row throws(StationDirectoryError) in
                    found.append((Int(row.integer(0)), Int(row.integer(1))))
                }
            }
            return found
        }

        /// The delivery-area ZIP codes of a city (folded name) in a state, lowest first.
        func zips(city: String, state: String) throws(GazetteerError) -> [Located] {
            var found: [Located] = []
            try sqlite { () throws(StationDirectoryError) in
                try zipsOfCity.run(.text(city), .text(state)) { row throws(StationDirectoryError) in
                    found.append(Located(id: Int(row.integer(0)), latitude: row.real(1), longitude: row.real(2)))
                }
            }
            return found
        }

        /// Calls `visit` with each delivery-area ZIP code inside the box (its code as id).
        func zips(in box: StationDirectory.SearchBox, _ visit: (Located) -> Void) throws(GazetteerError) {
            try sqlite { () throws(StationDirectoryError) in
                for longitudes in [box.west, box.east] as [ClosedRange<Double>?] {
                    guard let longitudes else { continue }
                    try zipsInBox.run(.real(box.south), .real(box.north), .real(longitudes.lowerBound),
                                      .real(longitudes.upperBound)) { row throws(StationDirectoryError) in
                        visit(Located(id: Int(row.integer(0)), latitude: row.real(1), longitude: row.real(2)))
                    }
                }
            }
        }
    }

    /// Runs SQLite work through the station directory's helpers, turning their errors into the
    /// gazetteer's.
    static func sqlite<T>(_ body: () throws(StationDirectoryError) -> T) throws(GazetteerError) -> T {
        do {
            return try body()
        } catch {
            throw GazetteerError(error)
        }
    }
}

extension Gazetteer.Connection {
    fileprivate func sqlite<T>(_ body: () throws(StationDirectoryError) -> T) throws(GazetteerError) -> T {
        try Gazetteer.sqlite(body)
    }
}
