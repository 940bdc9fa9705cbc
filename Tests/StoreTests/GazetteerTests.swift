#if canImport(Glibc)
import Glibc
#endif
import Foundation
import HTTPTesting
import Model
import Testing
@testable import Store

@Suite("Gazetteer")
struct GazetteerTests {
    static let bethesdaMD = 4_348_599
    static let bethesdaOH = 5_147_302
    static let beverlyHills = 5_328_041

    @Test("The embedded bytes are the committed data file, with its SHA-256")
    func embeddedDataIsCommittedFile() throws {
        let committed = try [UInt8](Data(contentsOf: URL(fileURLWithPath: GazetteerFixture.committedDataPath)))
        let embedded = Array(Gazetteer.EmbeddedData.bytes)
        #expect(embedded.count == committed.count)
        #expect(embedded == committed)
        let digest = try Self.sha256(of: GazetteerFixture.committedDataPath)
        #expect(Gazetteer.EmbeddedData.digest == digest)
        let assembly = try String(contentsOfFile: GazetteerFixture.repository + "/Sources/EmbeddedFiles/gazetteer.S", encoding: .utf8)
        #expect(assembly.contains(digest))
    }

    @Test("The counts are the data's rows")
    func countsAreTheDerivedRows() async throws {
        let gazetteer = try await GazetteerFixture.shared
        let bytes = Gazetteer.EmbeddedData.bytes
        var headers: [String: Int] = [:], rows: [String: Int] = [:], section = ""
        try Gazetteer.Lines(gzip: bytes).forEach { line throws(GazetteerError) in
            let text = String(decoding: line, as: UTF8.self)
            if text.hasPrefix("@") {
                let fields = text.dropFirst().split(separator: "\t")
                section = String(fields[0])
                headers[section] = Int(fields[1])
            } else {
                rows[section, default: 0] += 1
            }
        }
        #expect(rows["places"] == 170_391)
        #expect(headers["places"] == rows["places"])
        #expect(headers["zips"] == rows["zips"])
        #expect(gazetteer.placeCount == rows["places"])
        #expect(gazetteer.postcodeCount == rows["zips"])
    }

    @Test("Bethesda: the most populous first, Maryland, with its ZIP code")
    func bethesdaRanking() async throws {
        let results = try await GazetteerFixture.shared.search("Bethesda", limit: 10)
        let first = try #require(results.first)
        #expect(first.id == Self.bethesdaMD)
        #expect(first.admin == "MD")
        #expect(first.adminName == "Maryland")
        #expect(first.country == "United States")
        #expect(first.timeZone == "America/New_York")
        #expect(first.kind == Gazetteer.placeKind)
        #expect(first.postcode == "20814")
        #expect(abs(first.latitude - 38.98067) < 1e-6 && abs(first.longitude + 77.10026) < 1e-6)
        #expect(Set(results.prefix(3).map(\.countryCode)) == ["US", "GB"])
        #expect(results.contains { $0.id == Self.bethesdaOH })
        let welsh = try #require(results.first { $0.countryCode == "GB" })
        #expect(welsh.postcode == nil)
        #expect(welsh.adminName == "Wales")
    }

    @Test("A division or country after a comma ranks its places first", arguments: [
        ("Bethesda, OH", GazetteerTests.bethesdaOH),
        ("Bethesda, Ohio", GazetteerTests.bethesdaOH),
        ("bethesda oh", GazetteerTests.bethesdaOH),
        ("Bethesda, Maryland", GazetteerTests.bethesdaMD),
        ("Bethesda, MD", GazetteerTests.bethesdaMD),
        ("Beverly Hills, CA", GazetteerTests.beverlyHills),
        ("beverly hills, california", GazetteerTests.beverlyHills),
    ])
    func qualifiedSearch(query: String, id: Int) async throws {
        let results = try await GazetteerFixture.shared.search(query, limit: 5)
        #expect(results.first?.id == id)
    }

    @Test("A ZIP code answers the code itself, named after its city")
    func zipCode() async throws {
        let gazetteer = try await GazetteerFixture.shared
        for query in ["90210", " 90210 ", "90210-1234"] {
            let results = try gazetteer.search(query, limit: 5)
            #expect(results.count == 1)
            let zip = try #require(results.first)
            #expect(zip.kind == Gazetteer.postcodeKind)
            #expect(zip.postcode == "90210")
            #expect(zip.id == nil)  // GeoNames has none; `place(id:)` takes the code negated
            #expect(zip.name == "Beverly Hills")
            #expect(zip.admin == "CA" && zip.adminName == "California" && zip.countryCode == "US")
            #expect(abs(zip.latitude - 34.1031) < 1e-6 && abs(zip.longitude + 118.4163) < 1e-6)
            #expect(zip.timeZone == "America/Los_Angeles")
        }
        #expect(try gazetteer.place(id: -90210) == gazetteer.search("90210", limit: 1).first)
        #expect(try gazetteer.search("00000", limit: 5).isEmpty)
        #expect(try gazetteer.search("00501", limit: 1).first?.postcode == "00501")
    }

    @Test("Case and accents do not count", arguments: ["Zurich", "Zürich", "ZURICH", "zu\u{308}rich"])
    func zurich(query: String) async throws {
        let first = try #require(try await GazetteerFixture.shared.search(query, limit: 5).first)
        #expect(first.name == "Zürich")
        #expect(first.countryCode == "CH")
        #expect(first.admin == "ZH")
        #expect(first.timeZone == "Europe/Zurich")
        #expect(first.postcode == nil)
    }

    @Test("Bern in Switzerland", arguments: ["Bern, CH", "Bern, Switzerland", "bern, switzerland", "Bern"])
    func bern(query: String) async throws {
        let first = try #require(try await GazetteerFixture.shared.search(query, limit: 5).first)
        #expect(first.name == "Bern")
        #expect(first.countryCode == "CH")
        #expect(first.country == "Switzerland")
        #expect(first.admin == "BE")
    }

    @Test("Springfield has many; Springfield, IL is Illinois'")
    func springfield() async throws {
        let gazetteer = try await GazetteerFixture.shared
        let all = try gazetteer.search("Springfield", limit: 50)
        #expect(all.count >= 20)
        #expect(Set(all.map(\.admin)).count >= 15)
        #expect(all.allSatisfy { $0.name.hasPrefix("Springfield") })
        let populations = all.filter { $0.name == "Springfield" }.map { $0.population ?? 0 }
        #expect(populations == populations.sorted(by: >))
        let illinois = try #require(try gazetteer.search("Springfield, IL", limit: 5).first)
        #expect(illinois.admin == "IL")
        #expect(illinois.name == "Springfield")
        #expect(illinois.postcode == "62701")
    }

    @Test("A name prefix finds names that begin so, after whole names")
    func prefix() async throws {
        let results = try await GazetteerFixture.shared.search("Bethes", limit: 5)
        #expect(results.first?.id == Self.bethesdaMD)
        let exactFirst = try await GazetteerFixture.shared.search("Bern", limit: 20)
        let firstPrefix = try #require(exactFirst.firstIndex { $0.name.lowercased() != "bern" })
        #expect(exactFirst[firstPrefix...].allSatisfy { $0.name.lowercased() != "bern" })
    }

    @Test("Nearest to Beverly Hills' centre is Beverly Hills, in 90210")
    func nearestBeverlyHills() async throws {
        let place = try #require(try await GazetteerFixture.shared.nearest(latitude: 34.0736, longitude: -118.4004))
        #expect(place.id == Self.beverlyHills)
        #expect(place.postcode == "90210")
        #expect(place.kind == Gazetteer.placeKind)
    }

    @Test("Nearest near Bern is Bern, without a ZIP code")
    func nearestBern() async throws {
        let place = try #require(try await GazetteerFixture.shared.nearest(latitude: 46.9485, longitude: 7.4470))
        #expect(place.name == "Bern")
        #expect(place.postcode == nil)
    }

    @Test("Nearest from the middle of the Atlantic and the poles is far but found")
    func nearestFarAway() async throws {
        let gazetteer = try await GazetteerFixture.shared
        for (latitude, longitude) in [(30.0, -40.0), (-60.0, -30.0), (90.0, 0.0), (-90.0, 180.0), (0.0, -180.0)] {
            let place = try #require(try gazetteer.nearest(latitude: latitude, longitude: longitude))
            let meters = StationDirectory.meters(fromLatitude: latitude, longitude: longitude,
                                                 toLatitude: place.latitude, longitude: place.longitude)
            #expect(meters > 100_000)
            // No place in the box of that distance is nearer.
            let nearer = try gazetteer.places(near: latitude, longitude: longitude, withinKm: meters / 1000 * 0.999,
                                              minimumPopulation: 0, limit: 1)
            #expect(nearer.isEmpty)
        }
    }

    @Test("Nearest is the nearest of all places", arguments: [(38.98, -77.1), (47.37, 8.54), (35.68, 139.69), (-33.87, 151.21), (64.0, -21.9), (-17.7, 178.1), (52.0, -179.9)])
    func nearestMatchesNeighbours(latitude: Double, longitude: Double) async throws {
        let gazetteer = try await GazetteerFixture.shared
        let nearest = try #require(try gazetteer.nearest(latitude: latitude, longitude: longitude))
        let around = try gazetteer.places(near: latitude, longitude: longitude, withinKm: 2000, minimumPopulation: 0, limit: 3)
        #expect(around.first?.id == nearest.id)
    }

    @Test("Nearest for many positions at once: each the place one lookup finds, postal codes included; a bad position fails the batch")
    func nearestInOneBatch() async throws {
        let gazetteer = try await GazetteerFixture.shared
        let positions = [(34.0736, -118.4004), (46.9485, 7.4470), (38.98, -77.1), (30.0, -40.0), (35.68, 139.69), (64.0, -21.9)]
            .map { (latitude: $0.0, longitude: $0.1) }
        let batch = try gazetteer.nearest(positions)
        #expect(batch.count == positions.count)
        for (position, place) in zip(positions, batch) {
            let one = try gazetteer.nearest(latitude: position.latitude, longitude: position.longitude)
            #expect(place == one && place != nil, "\(position)")
        }
        #expect(batch[0]?.postcode == "90210" && batch[1]?.name == "Bern")
        #expect(try gazetteer.nearest([]).isEmpty)
        #expect(throws: GazetteerError.self) { try gazetteer.nearest([(latitude: 10, longitude: 10), (latitude: 91, longitude: 0)]) }
        // The connection is left usable after the failed batch's transaction.
        #expect(try gazetteer.nearest(positions.prefix(2).map { $0 }) == Array(batch.prefix(2)))
    }

    @Test("Places near a point, by distance, above a population")
    func placesNear() async throws {
        let gazetteer = try await GazetteerFixture.shared
        let places = try gazetteer.places(near: 46.9485, longitude: 7.4470, withinKm: 30, minimumPopulation: 10_000, limit: 10)
        #expect(places.first?.name == "Bern")
        #expect(places.count >= 3)
        #expect(places.allSatisfy { ($0.population ?? 0) >= 10_000 })
        let distances = places.map {
            StationDirectory.meters(fromLatitude: 46.9485, longitude: 7.4470, toLatitude: $0.latitude, longitude: $0.longitude)
        }
        #expect(distances == distances.sorted())
        #expect(distances.allSatisfy { $0 <= 30_000 })
        let large = try gazetteer.places(near: 46.9485, longitude: 7.4470, withinKm: 30, minimumPopulation: 50_000, limit: 10)
        #expect(large.first?.name == "Bern")
        #expect(large.allSatisfy { ($0.population ?? 0) >= 50_000 })
        #expect(!large.contains { $0.name == "Thun" })  // 26 km away, with fewer people
        let all = try gazetteer.places(near: 46.9485, longitude: 7.4470, withinKm: 30, minimumPopulation: 0, limit: 200)
        #expect(all.count > places.count)
        #expect(all.contains { $0.name == "Thun" })
        #expect(try gazetteer.places(near: 0, longitude: 0, withinKm: -1, minimumPopulation: 0, limit: 5).isEmpty)
        #expect(try gazetteer.places(near: 0, longitude: 0, withinKm: .nan, minimumPopulation: 0, limit: 5).isEmpty)
    }

    @Test("A position off the globe is an error", arguments: [(91.0, 0.0), (0.0, 181.0), (Double.nan, 0.0), (0.0, -Double.infinity)])
    func invalidPosition(latitude: Double, longitude: Double) async throws {
        let gazetteer = try await GazetteerFixture.shared
        #expect(throws: GazetteerError.self) { try gazetteer.nearest(latitude: latitude, longitude: longitude) }
        do {
            _ = try gazetteer.places(near: latitude, longitude: longitude, withinKm: 10, minimumPopulation: 0, limit: 1)
            Issue.record("no error")
        } catch {
            #expect(error.isKind(of: .invalidCoordinate))
        }
    }

    @Test("A place by id, and no place for an unknown id")
    func byID() async throws {
        let gazetteer = try await GazetteerFixture.shared
        #expect(try gazetteer.place(id: Self.beverlyHills)?.name == "Beverly Hills")
        #expect(try gazetteer.place(id: Self.beverlyHills)?.postcode == "90210")
        #expect(try gazetteer.place(id: 0) == nil)
        #expect(try gazetteer.place(id: .max) == nil)
        #expect(try gazetteer.place(id: .min) == nil)
    }

    @Test("Close spellings of a name that found nothing")
    func suggestions() async throws {
        let gazetteer = try await GazetteerFixture.shared
        #expect(try gazetteer.search("Bethseda", limit: 5).isEmpty)
        let suggestions = try gazetteer.suggestions(for: "Bethseda", limit: 5)
        #expect(suggestions.first?.id == Self.bethesdaMD)
        #expect(suggestions.contains { $0.id == Self.bethesdaOH })
        #expect(try gazetteer.suggestions(for: "Bethseda, OH", limit: 5).first?.id == Self.bethesdaOH)
        #expect(try gazetteer.suggestions(for: "Zurik", limit: 5).contains { $0.name == "Zürich" })
        #expect(try gazetteer.suggestions(for: "", limit: 5).isEmpty)
    }

    @Test("Hostile input finds nothing, or little, and never fails", arguments: [
        String(repeating: "a", count: 10_000), String(repeating: "é", count: 150), "%", "_", "%%", "'; DROP TABLE place; --",
        "\"", "\0", "Bern\0DROP", "🚆", "🚆🚆, 🚆", "", " ", ",", ", CH", "Bern,", "\\", "*", "NEAR(a b)", "\u{10FFFF}",
    ])
    func hostileInput(query: String) async throws {
        let gazetteer = try await GazetteerFixture.shared
        let results = try gazetteer.search(query, limit: 10)
        let suggestions = try gazetteer.suggestions(for: query, limit: 10)
        if query.utf8.count > Gazetteer.maximumQueryLength || query.allSatisfy({ !$0.isLetter }) {
            #expect(results.isEmpty)
            #expect(suggestions.isEmpty)
        }
        #expect(try gazetteer.place(id: Self.bethesdaMD) != nil)
        #expect(try gazetteer.search("Bern", limit: 0).isEmpty)
        #expect(try gazetteer.search("Bern", limit: -1).isEmpty)
    }

    @Test("Reopening reuses the file; a damaged or truncated file is rebuilt; older versions are removed")
    func fileLifecycle() async throws {
        let directory = GazetteerFixture.freshDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let stale = directory + "/gazetteer-0000000000000000.sqlite"
        _ = FileManager.default.createFile(atPath: stale, contents: Data("old".utf8))
        let crashed = directory + "/gazetteer-0000000000000000.sqlite.tmp-1-2"
        _ = FileManager.default.createFile(atPath: crashed, contents: Data("half".utf8))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -7200)], ofItemAtPath: crashed)
        let first = try await offPool { try Gazetteer.open(GazetteerFixture.small(in: directory)) }
        let path = first.path
        #expect(!FileManager.default.fileExists(atPath: stale))
        #expect(!FileManager.default.fileExists(atPath: crashed))
        let identity = try Self.identity(path)

        // Another process's build in progress is left alone.
        let building = path + ".tmp-1-3"
        _ = FileManager.default.createFile(atPath: building, contents: Data("half".utf8))
        // Other tests build gazetteers meanwhile, so the process's build count only rises; the
        // file's identity (inode, size, modification time) says this one was not rebuilt.
        let builds = Gazetteer.builds.load(ordering: .relaxed)
        let reopened = try await offPool { try Gazetteer.open(GazetteerFixture.small(in: directory)) }
        #expect(FileManager.default.fileExists(atPath: building))
        try FileManager.default.removeItem(atPath: building)
        #expect(try Self.identity(path) == identity)
        #expect(try reopened.search("Bethesda", limit: 1).first?.id == Self.bethesdaMD)

        // Truncated: half its pages.
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(truncate(path, off_t(size / 2)) == 0)
        let afterTruncation = try await offPool { try Gazetteer.open(GazetteerFixture.small(in: directory)) }
        #expect(try afterTruncation.search("Bethesda", limit: 1).first?.id == Self.bethesdaMD)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int == size)

        // Garbage, renamed into place as another process's build would be.
        try Data(repeating: 0x5A, count: 8192).write(to: URL(fileURLWithPath: directory + "/garbage"))
        #expect(rename(directory + "/garbage", path) == 0)
        let afterGarbage = try await offPool { try Gazetteer.open(GazetteerFixture.small(in: directory)) }
        #expect(try afterGarbage.nearest(latitude: 34.0736, longitude: -118.4004)?.id == Self.beverlyHills)
        #expect(Gazetteer.builds.load(ordering: .relaxed) >= builds + 2)

        // A gazetteer keeps answering from the file it opened when another replaces it.
        #expect(try afterTruncation.search("Zurich", limit: 1).first?.name == "Zürich")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty)
    }

    @Test("Several openers of one empty directory at once all succeed")
    func concurrentOpen() async throws {
        let directory = GazetteerFixture.freshDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    try await offPool { try Gazetteer.open(GazetteerFixture.small(in: directory)).search("Zürich, CH", limit: 1).count }
                }
            }
            for try await count in group { #expect(count == 1) }
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: directory)
        #expect(files.count == 1)
    }

    @Test("The committed data is what the derive script writes from the shared data",
          .enabled(if: FileManager.default.fileExists(atPath: GazetteerFixture.repository + "/../shared/data/geonames-cities1000.csv.gz")))
    func derivedDataIsCurrent() async throws {
        let result = try await offPool {
            try ChildProcess.run("/usr/bin/env", arguments: ["python3", GazetteerFixture.repository + "/scripts/derive-gazetteer.py", "--check"])
        }
        #expect(result.status == 0, "\(String(decoding: result.out + result.err, as: UTF8.self))")
    }

    /// The file's inode and modification time.
    private static func identity(_ path: String) throws -> [String] {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return ["\(attributes[.systemFileNumber] ?? "")", "\(attributes[.modificationDate] ?? "")"]
    }

    private static func sha256(of path: String) throws -> String {
        let output = try ChildProcess.run("/usr/bin/sha256sum", arguments: [path]).out
        return String(decoding: output, as: UTF8.self).split(separator: " ").first.map(String.init) ?? ""
    }
}

@Suite("Gazetteer data reading")
struct GazetteerLinesTests {
    @Test("Lines come out whole across chunk boundaries")
    func linesAcrossChunks() throws {
        var count = 0, longest = 0
        try Gazetteer.Lines(gzip: Gazetteer.EmbeddedData.bytes).forEach { line throws(GazetteerError) in
            count += 1
            longest = max(longest, line.count)
            if line.first == 0x40 { #expect(line.contains(0x09)) }
        }
        #expect(count > 200_000)
        #expect(longest < Gazetteer.Lines.maximumLineLength)
    }

    @Test("Truncated or damaged data is an error, not fewer rows", arguments: [0.5, 0.999])
    func truncated(fraction: Double) throws {
        let bytes = Array(Gazetteer.EmbeddedData.bytes)
        let cut = Array(bytes.prefix(Int(Double(bytes.count) * fraction)))
        #expect(throws: GazetteerError.self) {
            try cut.withUnsafeBufferPointer { buffer in
                try Gazetteer.Lines(gzip: buffer).forEach { _ throws(GazetteerError) in }
            }
        }
        var damaged = bytes
        for index in stride(from: 1000, to: 2000, by: 7) { damaged[index] ^= 0xFF }
        #expect(throws: GazetteerError.self) {
            try damaged.withUnsafeBufferPointer { buffer in
                try Gazetteer.Lines(gzip: buffer).forEach { _ throws(GazetteerError) in }
            }
        }
    }
}
