#if canImport(Glibc)
import Glibc
#endif
import Compression
import Foundation
import Store

/// The real feeds the GTFS tests import, read relative to this file, and small made-up feeds.
enum GTFSFixtures {
    /// The repository's root, from this file's path (Tests/StoreTests/Support/…).
    static let root: String = {
        var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)
        return parts.joined(separator: "/")
    }()

    static let bartPath = "Sources/EmbeddedFiles/include/bart-gtfs.zip"
    static let fgcPath = "Tests/Fixtures/gtfs/fgc-gtfs-static-2025-08-19-bcntransitbot.zip"
    static let soundTransitPath = "Tests/Fixtures/gtfs/soundtransit-rail-gtfs-2023-03-oba.zip"
    static let usfPath = "Tests/Fixtures/gtfs/usf-bullrunner-gtfs-2016-01-validator.zip"

    static func bytes(_ path: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: URL(fileURLWithPath: root + "/" + path)))
    }

    /// A fresh directory of this test process's for database files.
    static func directory() throws -> String {
        let path = NSTemporaryDirectory() + "gottago-gtfs-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Imports a feed into a file of its own, opens it and removes the file (the open
    /// connection keeps reading it), so nothing is left behind.
    static func open(_ path: String) throws -> (TransitDatabase, GTFSImportSummary) {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/feed.sqlite"
        let summary = try GTFSImporter().importFeed(zip: bytes(path), into: file)
        return (try TransitDatabase(path: file), summary)
    }

    /// Each real feed imported once per test process.
    static let bart = Result { try open(bartPath) }
    static let fgc = Result { try open(fgcPath) }
    static let soundTransit = Result { try open(soundTransitPath) }
    static let usf = Result { try open(usfPath) }

    /// A tiny valid feed: one agency in Zurich, two stops, one daily trip at 08:00.
    static let minimal: [String: String] = [
        "agency.txt": "agency_id,agency_name,agency_url,agency_timezone\nA,Agency,https://example.org,Europe/Zurich\n",
        "stops.txt": "stop_id,stop_name,stop_lat,stop_lon\nS1,First,47.0,8.0\nS2,Second,47.1,8.1\n",
        "routes.txt": "route_id,route_short_name,route_long_name,route_type\nR,1,Line one,3\n",
        "trips.txt": "route_id,service_id,trip_id\nR,DAILY,T1\n",
        "stop_times.txt": "trip_id,arrival_time,departure_time,stop_id,stop_sequence\nT1,08:00:00,08:00:00,S1,1\nT1,08:10:00,08:10:00,S2,2\n",
        "calendar.txt": "service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nDAILY,1,1,1,1,1,1,1,20240101,20241231\n",
    ]

    /// The minimal feed with some files replaced (or removed, for nil), zipped.
    static func feed(_ changes: [String: String?] = [:], extra: (inout ZipWriter) -> Void = { _ in }) -> [UInt8] {
        var files = minimal
        for (name, text) in changes { files[name] = text }
        var writer = ZipWriter()
        for name in files.keys.sorted() {
            writer.add(name, Array(files[name]!.utf8))
        }
        extra(&writer)
        return writer.finish()
    }
}
