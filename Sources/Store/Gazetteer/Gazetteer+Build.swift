import Synchronization
import Kernel

extension Gazetteer {
    /// How many database files this process has built, for tests that check a file is reused.
    static let builds = Atomic<Int>(0)

    /// Builds the database file at `path` from the embedded data: into a temporary file, in one
    /// transaction, renamed into place when complete. Nothing is left behind on failure.
    static func build(at path: String, cacheKiB: Int, source: Source) throws(GazetteerError) {
        let temporary = Files.temporaryPath(for: path)
        do {
            try fill(temporary, cacheKiB: cacheKiB, source: source)
            try Files.rename(temporary, to: path)
        } catch {
            Files.remove(temporary)
            throw error
        }
        builds.add(1, ordering: .relaxed)
    }

    private static let schema = """
        PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
        CREATE TABLE country (code TEXT PRIMARY KEY, name TEXT NOT NULL) WITHOUT ROWID;
        CREATE TABLE admin (country TEXT NOT NULL, code TEXT NOT NULL, name TEXT NOT NULL, PRIMARY KEY (country, code)) WITHOUT ROWID;
        CREATE TABLE timezone (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        CREATE TABLE place (
            id INTEGER PRIMARY KEY, name TEXT NOT NULL, folded TEXT NOT NULL, country TEXT NOT NULL, admin TEXT NOT NULL,
            latitude REAL NOT NULL, longitude REAL NOT NULL, population INTEGER NOT NULL, timezone INTEGER NOT NULL);
        CREATE TABLE zip (
            zip INTEGER PRIMARY KEY, city TEXT NOT NULL, state TEXT NOT NULL, latitude REAL NOT NULL, longitude REAL NOT NULL,
            timezone INTEGER NOT NULL, type TEXT NOT NULL, folded_city TEXT NOT NULL);
        CREATE VIRTUAL TABLE place_position USING rtree(id, minLatitude, maxLatitude, minLongitude, maxLongitude);
        CREATE VIRTUAL TABLE zip_position USING rtree(id, minLatitude, maxLatitude, minLongitude, maxLongitude);
        """

    private static func fill(_ path: String, cacheKiB: Int, source: Source) throws(GazetteerError) {
        let database = try sqlite { () throws(StationDirectoryError) in try StationDirectory.Database(path: path) }
        try sqlite { () throws(StationDirectoryError) in try database.execute("PRAGMA cache_size = -\(cacheKiB);" + schema + "BEGIN") }
        let loader = try Loader(database)
        try source.withBytes { bytes throws(GazetteerError) in
            let lines = try Lines(gzip: bytes)
            try lines.forEach { line throws(GazetteerError) in try loader.take(line) }
        }
        try loader.finish()
        // The indexes are built once the rows are in: one sort instead of 170,000 insertions.
        try sqlite { () throws(StationDirectoryError) in
            try database.execute("""
                CREATE INDEX place_folded ON place(folded);
                CREATE INDEX place_population ON place(population DESC, latitude, longitude);
                CREATE INDEX zip_city ON zip(folded_city, state, type, zip);
                INSERT INTO meta VALUES ('digest', '\(source.digest)'), ('places', '\(loader.places)'), ('zips', '\(loader.zips)');
                PRAGMA user_version = \(schemaVersion);
                COMMIT
                """)
        }
    }

    /// Reads the embedded text's sections into the tables, checking each section's row count
    /// and every field.
    private final class Loader {
        private enum Section: String {
            case countries, admin1, timezones, places, zips
        }

        private(set) var places = 0
        private(set) var zips = 0
        private var section: Section?
        private var expected = 0
        private var seen = 0
        private var line = 0
        private var timeZones = 0
        private var complete: Set<String> = []
        private let country, admin, timeZone, place, placePosition, zip, zipPosition: StationDirectory.Statement

        init(_ database: StationDirectory.Database) throws(GazetteerError) {
            (country, admin, timeZone, place, placePosition, zip, zipPosition) = try sqlite { () throws(StationDirectoryError) in
                (try database.prepare("INSERT INTO country VALUES (?1, ?2)"),
                 try database.prepare("INSERT INTO admin VALUES (?1, ?2, ?3)"),
                 try database.prepare("INSERT INTO timezone VALUES (?1, ?2)"),
                 try database.prepare("INSERT INTO place VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)"),
                 try database.prepare("INSERT INTO place_position VALUES (?1, ?2, ?2, ?3, ?3)"),
                 try database.prepare("INSERT INTO zip VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)"),
                 try database.prepare("INSERT INTO zip_position VALUES (?1, ?2, ?2, ?3, ?3)"))
            }
        }

        func take(_ bytes: UnsafeBufferPointer<UInt8>) throws(GazetteerError) {
            line += 1
            let text = String(decoding: bytes, as: UTF8.self)
            let fields = text.split(separator: "\t", omittingEmptySubsequences: false)
            if text.hasPrefix("@") {
                try endSection()
                guard fields.count == 2, let next = Section(rawValue: String(fields[0].dropFirst())),
                      let rows = Int(fields[1]), rows >= 0
                else { throw failure("an unknown section header") }
                section = next
                expected = rows
                seen = 0
                return
            }
            guard let section else { throw failure("a row before the first section") }
            seen += 1
            do {
                try insert(fields, into: section)
            } catch let error as StationDirectoryError {
                throw failure(error.message)
            } catch let error as GazetteerError {
                throw error
            } catch {
                throw failure("\(error)")
            }
        }

        private func insert(_ fields: [Substring], into section: Section) throws {
            switch section {
            case .countries:
                try expect(fields, 2)
                try country.run(.text(String(fields[0])), .text(String(fields[1])))
            case .admin1:
                try expect(fields, 3)
                try admin.run(.text(String(fields[0])), .text(String(fields[1])), .text(String(fields[2])))
            case .timezones:
                try expect(fields, 1)
                try timeZone.run(.integer(Int64(timeZones)), .text(String(fields[0])))
                timeZones += 1
            case .places:
                try expect(fields, 8)
                let id = try integer(fields[0]), (latitude, longitude) = try position(fields[2], fields[3])
                let name = String(fields[1])
                try place.run(.integer(id), .text(name), .text(StationDirectory.Folding.fold(name) ?? ""),
                              .text(String(fields[4])), .text(String(fields[5])), .real(latitude), .real(longitude),
                              .integer(try integer(fields[6])), .integer(try zone(fields[7])))
                try placePosition.run(.integer(id), .real(latitude), .real(longitude))
                places += 1
            case .zips:
                try expect(fields, 7)
                let code = try integer(fields[0]), (latitude, longitude) = try position(fields[3], fields[4])
                guard fields[0].utf8.count == 5, code >= 0 else { throw failure("ZIP code \(fields[0])") }
                let city = String(fields[1])
                try zip.run(.integer(code), .text(city), .text(String(fields[2])), .real(latitude), .real(longitude),
                            .integer(try zone(fields[5])), .text(String(fields[6])),
                            .text(StationDirectory.Folding.fold(city) ?? ""))
                if fields[6] == "S" {
                    try zipPosition.run(.integer(code), .real(latitude), .real(longitude))
                }
                zips += 1
            }
        }

        /// Checks the last section's row count; every section must come, once.
        func finish() throws(GazetteerError) {
            try endSection()
            let all: Set<String> = ["countries", "admin1", "timezones", "places", "zips"]
            guard complete == all else { throw failure("sections missing: \(all.subtracting(complete).sorted())") }
        }

        private func endSection() throws(GazetteerError) {
            guard let section else { return }
            guard seen == expected else { throw failure("\(section.rawValue): \(seen) rows, the header says \(expected)") }
            guard complete.insert(section.rawValue).inserted else { throw failure("\(section.rawValue) twice") }
        }

        private func expect(_ fields: [Substring], _ count: Int) throws(GazetteerError) {
            guard fields.count == count else { throw failure("\(fields.count) fields, not \(count)") }
        }

        private func integer(_ field: Substring) throws(GazetteerError) -> Int64 {
            guard let value = Int64(field) else { throw failure("\"\(field)\" is not an integer") }
            return value
        }

        private func zone(_ field: Substring) throws(GazetteerError) -> Int64 {
            let index = try integer(field)
            guard (0..<Int64(timeZones)).contains(index) else { throw failure("time zone \(index) is not in the table") }
            return index
        }

        private func position(_ latitude: Substring, _ longitude: Substring) throws(GazetteerError) -> (Double, Double) {
            guard let lat = Double(latitude), let lon = Double(longitude), (-90.0...90.0).contains(lat),
                  (-180.0...180.0).contains(lon)
            else { throw failure("position \(latitude), \(longitude) is off the globe") }
            return (lat, lon)
        }

        private func failure(_ message: String) -> GazetteerError {
            GazetteerError.corruptData.with("embedded data line \(line): \(message)")
        }
    }
}
