import Compression
import Foundation
import Kernel
import Store
import Testing

@Suite("GTFSImporter")
struct GTFSImporterTests {
    /// The error importing `bytes` into a fresh file throws, and whether the file or its partial
    /// file exists afterwards.
    static func failure(_ bytes: [UInt8], limits: GTFSLimits = GTFSLimits()) throws -> GTFSImportError? {
        let folder = try GTFSFixtures.directory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/feed.sqlite"
        do {
            _ = try GTFSImporter(limits: limits).importFeed(zip: bytes, into: path)
            return nil
        } catch {
            #expect(!FileManager.default.fileExists(atPath: path))
            #expect(!FileManager.default.fileExists(atPath: path + ".partial"))
            return error
        }
    }

    @Test("BART: counts, zone and feed_info")
    func bart() throws {
        let (_, summary) = try GTFSFixtures.bart.get()
        #expect(summary.counts == [
            "agency": 1, "stops": 47, "routes": 6, "trips": 2513, "stop_times": 31934, "calendar": 3, "calendar_dates": 36,
            "frequencies": 0,
        ])
        #expect(summary.timeZone == "America/Los_Angeles")
        #expect(summary.feedVersion == "39")
        #expect(summary.feedStartDate == "20160328")
        #expect(summary.feedEndDate == "20170630")
    }

    @Test("FGC: calendar_dates only, columns in their own order, Madrid")
    func fgc() throws {
        let (database, summary) = try GTFSFixtures.fgc.get()
        #expect(summary.counts == [
            "agency": 1, "stops": 104, "routes": 21, "trips": 25110, "stop_times": 266_536, "calendar": 0, "calendar_dates": 680,
            "frequencies": 0,
        ])
        #expect(summary.timeZone == "Europe/Madrid")
        #expect(summary.feedVersion == "2025-08-19T21:54:08+02:00_v2.0.28")
        let plaza = try #require(try database.stop(id: "PC"))
        #expect(plaza.name == "Barcelona - Plaça Catalunya")
        #expect(plaza.latitude == 41.38563194)
    }

    @Test("Sound Transit and USF import whole")
    func others() throws {
        let (_, transit) = try GTFSFixtures.soundTransit.get()
        #expect(transit.counts["stops"] == 149)
        #expect(transit.counts["stop_times"] == 13314)
        #expect(transit.counts["calendar_dates"] == 0)
        let (_, usf) = try GTFSFixtures.usf.get()
        #expect(usf.counts["frequencies"] == 15)
        #expect(usf.timeZone == "America/New_York")
    }

    @Test("a BOM, CRLF and quoted fields with commas and line breaks import as meant")
    func trickyCSV() throws {
        let stops = "\u{FEFF}stop_id,stop_name,stop_lat,stop_lon\r\n\"S1\",\"Main St, \"\"North\"\"\r\nEntrance\",47.0,8.0\r\nS2,Second,47.1,8.1\r\n\r\n"
        let folder = try GTFSFixtures.directory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let summary = try GTFSImporter().importFeed(zip: GTFSFixtures.feed(["stops.txt": stops]), into: folder + "/feed.sqlite")
        #expect(summary.counts["stops"] == 2)
        let database = try TransitDatabase(path: folder + "/feed.sqlite")
        #expect(try database.stop(id: "S1")?.name == "Main St, \"North\"\r\nEntrance")
        #expect(try database.stops(matching: "north").map(\.id) == ["S1"])
    }

    /// Feeds that must be refused, and the kind each gives.
    static let hostile: [(name: String, bytes: [UInt8], kind: GTFSImportError.Kind, message: String)] = [
        ("missing stop_times.txt", GTFSFixtures.feed(["stop_times.txt": nil]), .missingFile, "stop_times.txt"),
        ("no calendar at all", GTFSFixtures.feed(["calendar.txt": nil]), .missingFile, "calendar"),
        ("25:61:00", GTFSFixtures.feed(["stop_times.txt": """
            trip_id,arrival_time,departure_time,stop_id,stop_sequence
            T1,08:00:00,08:00:00,S1,1
            T1,25:61:00,25:61:00,S2,2
            """]), .invalidValue, "stop_times.txt:3: arrival_time \"25:61:00\""),
        ("12:00:60", GTFSFixtures.feed(["stop_times.txt": """
            trip_id,arrival_time,departure_time,stop_id,stop_sequence
            T1,12:00:00,12:00:60,S1,1
            """]), .invalidValue, "stop_times.txt:2: departure_time \"12:00:60\""),
        ("an unknown trip", GTFSFixtures.feed(["stop_times.txt": """
            trip_id,arrival_time,departure_time,stop_id,stop_sequence
            T9,08:00:00,08:00:00,S1,1
            """]), .invalidValue, "stop_times.txt:2: trip_id \"T9\" is not a trip"),
        ("a repeated stop id", GTFSFixtures.feed(["stops.txt": "stop_id,stop_name\nS1,a\nS1,b\n"]), .invalidValue, "stops.txt:3:"),
        ("no stop_id column", GTFSFixtures.feed(["stops.txt": "id,stop_name\nS1,a\n"]), .missingColumn, "stops.txt: no stop_id"),
        ("an unknown zone", GTFSFixtures.feed(["agency.txt": "agency_name,agency_url,agency_timezone\nA,u,Mars/Olympus\n"]),
         .invalidValue, "agency.txt:2: agency_timezone \"Mars/Olympus\""),
        ("a bad date", GTFSFixtures.feed(["calendar.txt": "service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nDAILY,1,1,1,1,1,1,1,20240230,20241231\n"]),
         .invalidValue, "calendar.txt:2: start_date \"20240230\""),
        ("an open quote", GTFSFixtures.feed(["stops.txt": "stop_id,stop_name\nS1,\"never closed\n"]), .malformedCSV, "stops.txt:2:"),
        ("a `..` entry", GTFSFixtures.feed { $0.add("../evil.txt", Array("x".utf8)) }, .unsafePath, "../evil.txt"),
        ("a zip bomb", GTFSFixtures.feed { $0.add("shapes.txt", [UInt8](repeating: 0x30, count: 8 << 20)) }, .tooLarge, "shapes.txt"),
        ("a lying bomb", GTFSFixtures.feed(["stop_times.txt": nil]) {
            let rows = "T1,08:00:00,08:00:00,S1,1\n"
            $0.add("stop_times.txt", Array(("trip_id,arrival_time,departure_time,stop_id,stop_sequence\n" + String(repeating: rows, count: 100_000)).utf8),
                   declaredSize: 100_000)
        }, .tooLarge, "stop_times.txt"),
        ("a bad CRC", GTFSFixtures.feed(["trips.txt": nil]) { $0.add("trips.txt", Array("route_id,service_id,trip_id\nR,DAILY,T1\n".utf8), crc: 7) },
         .checksum, "trips.txt"),
        ("not a zip", Array("route_id,service_id,trip_id\n".utf8), .malformedArchive, "zip"),
    ]

    @Test("hostile and spec-invalid feeds are refused with the right kind and leave no file", arguments: 0..<15)
    func hostile(_ index: Int) throws {
        let (name, bytes, kind, message) = Self.hostile[index]
        let error = try Self.failure(bytes)
        #expect(error?.kind == kind, "\(name): \(String(describing: error))")
        #expect(error?.message.contains(message) == true, "\(name): \(String(describing: error))")
    }

    @Test("row limits: too many rows, a row too long")
    func rowLimits() throws {
        #expect(try Self.failure(GTFSFixtures.feed(), limits: GTFSLimits(maximumRows: 1))?.kind == .tooLarge)
        let long = "stop_id,stop_name\nS1," + String(repeating: "x", count: 200) + "\n"
        let error = try Self.failure(GTFSFixtures.feed(["stops.txt": long]), limits: GTFSLimits(maximumRowBytes: 100))
        #expect(error?.kind == .tooLarge)
        #expect(error?.message.hasPrefix("stops.txt:2:") == true)
    }

    @Test("a failed import keeps the old database in place, and a good one replaces it")
    func keepsOldDatabase() throws {
        let folder = try GTFSFixtures.directory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/feed.sqlite"
        _ = try GTFSImporter().importFeed(zip: GTFSFixtures.feed(), into: path)
        let bad = GTFSFixtures.feed(["stop_times.txt": "trip_id,arrival_time,departure_time,stop_id,stop_sequence\nT1,08:00:00,08:00:00,S1,1\nT1,25:61:00,,S2,2\n"])
        #expect(throws: GTFSImportError.self) { try GTFSImporter().importFeed(zip: bad, into: path) }
        #expect(!FileManager.default.fileExists(atPath: path + ".partial"))
        #expect(try TransitDatabase(path: path).stop(id: "S2")?.name == "Second")

        let renamed = GTFSFixtures.feed(["stops.txt": "stop_id,stop_name\nS1,First\nS2,Renamed\n"])
        _ = try GTFSImporter().importFeed(zip: renamed, into: path)
        #expect(try TransitDatabase(path: path).stop(id: "S2")?.name == "Renamed")
    }

    @Test("a file that is not a transit database is refused on open")
    func notADatabase() throws {
        let folder = try GTFSFixtures.directory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("not sqlite".utf8).write(to: URL(fileURLWithPath: folder + "/x.sqlite"))
        #expect(throws: TransitDatabaseError.self) { try TransitDatabase(path: folder + "/x.sqlite") }
        #expect(throws: TransitDatabaseError.self) { try TransitDatabase(path: folder + "/missing.sqlite") }
    }
}
