#if canImport(Glibc)
import Glibc
#endif
@testable import Model
import HTTPTesting
import Testing
@testable import Store

@Suite("StationDirectory")
struct StationDirectoryTests {
    static let configurations = [
        StationDirectory.Configuration(positionIndex: .rtree, nameIndex: .fts5),
        StationDirectory.Configuration(positionIndex: .grid, nameIndex: .columns),
    ]

    static func directory(_ configuration: StationDirectory.Configuration = .init()) throws -> StationDirectory {
        try StationDirectory(stations: StationSamples.all, configuration: configuration)
    }

    @Test("Debian's SQLite gives the R*Tree and FTS5 indexes")
    func automaticIndexes() throws {
        let directory = try Self.directory()
        #expect(directory.positionIndex == .rtree)
        #expect(directory.nameIndex == .fts5)
        #expect(directory.count == StationSamples.all.count)
    }

    // MARK: Nearest

    @Test("nearest around Bern station: Bern first, then the tram stop in front", arguments: configurations)
    func nearestBern(_ configuration: StationDirectory.Configuration) throws {
        let near = try Self.directory(configuration).nearest(latitude: 46.9490, longitude: 7.4390, limit: 3)
        #expect(near.map(\.station.name) == ["Bern", "Bern, Bahnhof", "Bern, Zytglogge"])
        #expect((15...30).contains(near[0].meters))
        #expect((120...150).contains(near[1].meters))
        #expect(near[0].station == StationSamples.bern)
    }

    @Test("only the kinds asked for", arguments: configurations)
    func kinds(_ configuration: StationDirectory.Configuration) throws {
        let directory = try Self.directory(configuration)
        let trams = try directory.nearest(latitude: 46.9490, longitude: 7.4390, limit: 2, kinds: [.tram])
        #expect(trams.map(\.station.name) == ["Bern, Bahnhof", "Bern, Zytglogge"])
        let cableways = try directory.nearest(latitude: 46.9490, longitude: 7.4390, limit: 5, kinds: [.cableway])
        #expect(cableways.map(\.station.name) == ["Säntis"])
        #expect(try directory.nearest(latitude: 46.9, longitude: 7.4, kinds: []).isEmpty)
    }

    @Test("a limit beyond the stations gives them all, nearest first; none for a limit below one", arguments: configurations)
    func limits(_ configuration: StationDirectory.Configuration) throws {
        let directory = try Self.directory(configuration)
        let all = try directory.nearest(latitude: 47, longitude: 8, limit: 1000)
        #expect(all.count == StationSamples.all.count)
        #expect(all.map(\.meters) == all.map(\.meters).sorted())
        #expect(try directory.nearest(latitude: 47, longitude: 8, limit: 0).isEmpty)
        #expect(try directory.nearest(latitude: 47, longitude: 8, limit: -3).isEmpty)
        // From the far side of the globe, the search widens until it has them all.
        let antipode = try directory.nearest(latitude: -47, longitude: -172, limit: 2)
        #expect(antipode.count == 2)
        #expect(antipode.allSatisfy { $0.meters > 19_000_000 })
    }

    @Test("positions off the globe are refused", arguments: [
        (Double.nan, 7.0), (46.0, .nan), (91, 0), (-90.0001, 0), (0, 180.5), (0, -.infinity), (.infinity, 0),
    ])
    func invalidPositions(_ latitude: Double, _ longitude: Double) throws {
        let directory = try Self.directory()
        #expect {
            try directory.nearest(latitude: latitude, longitude: longitude)
        } throws: { error in
            (error as? StationDirectoryError)?.kind == .invalidCoordinate
        }
        #expect {
            try directory.resolve("Rathaus", near: (latitude, longitude))
        } throws: { error in
            (error as? StationDirectoryError)?.kind == .invalidCoordinate
        }
    }

    @Test("the poles and the antimeridian are positions like any other", arguments: [(90.0, 0.0), (-90, 180), (0, -180), (0, 180)])
    func edgesOfTheMap(_ latitude: Double, _ longitude: Double) throws {
        let near = try Self.directory().nearest(latitude: latitude, longitude: longitude, limit: 3)
        #expect(near.count == 3)
    }

    // MARK: Search

    @Test("case, accents and punctuation do not count", arguments: configurations)
    func folding(_ configuration: StationDirectory.Configuration) throws {
        let directory = try Self.directory(configuration)
        let cases: [(String, String)] = [
            ("zurich hb", "Zürich HB"), ("ZÜRICH HB", "Zürich HB"), ("Zu\u{308}rich  hb", "Zürich HB"), ("zürich-hb", "Zürich HB"),
            ("geneve", "Genève"), ("GENÈVE", "Genève"), ("neuchatel", "Neuchâtel"), ("santis", "Säntis"),
            ("Weinbergstraße", "Kloten, Weinbergstrasse"), ("Kloten Weinbergstrasse", "Kloten, Weinbergstrasse"),
            ("biel bienne", "Biel/Bienne"), ("Biel / Bienne", "Biel/Bienne"), ("biel", "Biel/Bienne"), ("bienne", "Biel/Bienne"),
            ("aarau, rathaus", "Aarau, Rathaus"), ("Rathaus Aarau", "Aarau, Rathaus"), ("  aarau   rathaus ", "Aarau, Rathaus"),
            ("kehrsiten burgenstock", "Kehrsiten-Bürgenstock"), ("st francois", "Lausanne, St-François"),
            ("ST-FRANÇOIS", "Lausanne, St-François"),
        ]
        for (query, expected) in cases {
            let hits = try directory.search(query)
            #expect(hits.first?.station.name == expected, "\(query)")
        }
        #expect(try directory.search("zurich hb").first?.score == 1)
        #expect(try directory.search("Genève").first?.score == 1)
    }

    @Test("ranking: whole name, reordered words, place, prefix, words contained", arguments: configurations)
    func ranking(_ configuration: StationDirectory.Configuration) throws {
        let directory = try Self.directory(configuration)
        let bern = try directory.search("bern")
        #expect(bern.map(\.station.name) == ["Bern", "Bern, Bahnhof", "Bern, Rathaus", "Bern, Zytglogge"])
        #expect(bern[0].score == 1)
        #expect(bern.dropFirst().allSatisfy { (0.5..<0.75).contains($0.score) })
        #expect(bern.map(\.score) == bern.map(\.score).sorted(by: >))

        #expect(try directory.search("rathaus bern").map(\.score) == [0.9])
        let rathaus = try directory.search("rathaus")
        #expect(rathaus.map(\.station.name) == ["Aarau, Rathaus", "Bern, Rathaus", "Zürich, Rathaus"])
        #expect(rathaus.allSatisfy { $0.score == 0.8 })

        let schaff = try directory.search("schaff")
        #expect(schaff.map(\.station.name) == ["Schaffhausen", "Schaffhausen, Kreuz"])
        #expect(schaff[0].score > schaff[1].score)

        let words = try directory.search("zur oer")
        #expect(words.map(\.station.name) == ["Zürich Oerlikon"])
        #expect((0.2..<0.45).contains(words[0].score))

        #expect(try directory.search("bern", limit: 2).count == 2)
        #expect(try directory.search("nowhere at all").isEmpty)
    }

    @Test("empty, blank, overlong and unmatched queries find nothing", arguments: configurations)
    func badQueries(_ configuration: StationDirectory.Configuration) throws {
        let directory = try Self.directory(configuration)
        for query in ["", "   ", ",,, / -", String(repeating: "a", count: 100_000), String(repeating: "bern ", count: 100),
                      "\"bern\" OR *", "bern'; DROP TABLE station; --", "\u{0}", "💥"] {
            #expect(try directory.search(query).count <= 1, "\(query.prefix(20))")
        }
        #expect(try directory.search("").isEmpty)
        #expect(try directory.search(String(repeating: "a", count: 100_000)).isEmpty)
        #expect(try directory.search("bern", limit: 0).isEmpty)
        #expect(try directory.station(id: "8507000") == StationSamples.bern)
        #expect(try directory.station(id: "0000000") == nil)
        #expect(try directory.station(id: "") == nil)
    }

    // MARK: Resolution

    @Test("exact names and 7-digit ids resolve; the best unique prefix too", arguments: configurations)
    func resolveFound(_ configuration: StationDirectory.Configuration) throws {
        let directory = try Self.directory(configuration)
        #expect(try directory.resolve("Bern") == .found(StationSamples.bern))
        #expect(try directory.resolve("  BERN ") == .found(StationSamples.bern))
        #expect(try directory.resolve("8507000") == .found(StationSamples.bern))
        #expect(try directory.resolve(" 8503000 ") == .found(StationSamples.zurichHB))
        #expect(try directory.resolve("9999999") == .unknown(suggestions: []))
        #expect(try directory.resolve("Zürich") == .found(StationSamples.zurichHB))
        #expect(try directory.resolve("aarau rathaus", near: (47.378, 8.540)) == .found(StationSamples.aarauRathaus))
    }

    @Test("Rathaus: ambiguous without a position, the nearest with one", arguments: configurations)
    func resolveRathaus(_ configuration: StationDirectory.Configuration) throws {
        let directory = try Self.directory(configuration)
        guard case .ambiguous(let candidates) = try directory.resolve("Rathaus") else {
            Issue.record("expected ambiguous")
            return
        }
        #expect(candidates.map(\.name) == ["Aarau, Rathaus", "Bern, Rathaus", "Zürich, Rathaus"])
        #expect(try directory.resolve("rathaus", near: (47.3914, 8.0513)) == .found(StationSamples.aarauRathaus))
        let zurich = try directory.resolve("Rathaus", near: (47.378, 8.540))
        #expect(zurich == .found(Station(id: "8591309", name: "Zürich, Rathaus", latitude: 47.37174, longitude: 8.54288,
                                         locality: "Zürich", kind: .tram)))
    }

    @Test("equally good and equally near: ambiguous, nearest first")
    func resolveTie() throws {
        let stops = [
            Station(id: "1", name: "Alpha, Halt", latitude: 46, longitude: 7, locality: "Alpha", kind: .bus),
            Station(id: "2", name: "Beta, Halt", latitude: 46.5, longitude: 7.5, locality: "Beta", kind: .bus),
            Station(id: "3", name: "Gamma, Halt", latitude: 46, longitude: 7, locality: "Gamma", kind: .bus),
        ]
        let directory = try StationDirectory(stations: stops)
        #expect(try directory.resolve("Halt", near: (46.01, 7)) == .ambiguous([stops[0], stops[2], stops[1]]))
        #expect(try directory.resolve("Halt", near: (46.49, 7.5)) == .found(stops[1]))
        #expect(try directory.resolve("Halt") == .ambiguous(stops))
    }

    @Test("unknown names get spelling suggestions", arguments: configurations)
    func resolveUnknown(_ configuration: StationDirectory.Configuration) throws {
        let directory = try Self.directory(configuration)
        guard case .unknown(let zurich) = try directory.resolve("Zurik") else {
            Issue.record("expected unknown")
            return
        }
        #expect(zurich.first == StationSamples.zurichHB)
        #expect(zurich.count == StationDirectory.maximumSuggestions)
        #expect(zurich.allSatisfy { $0.locality == "Zürich" })
        guard case .unknown(let bern) = try directory.resolve("Bärn") else {
            Issue.record("expected unknown")
            return
        }
        #expect(bern.first == StationSamples.bern)
        #expect(try directory.resolve("Zurik Oerlkon") == .unknown(suggestions: [
            Station(id: "8503006", name: "Zürich Oerlikon", latitude: 47.41153, longitude: 8.54414, locality: "Zürich"),
        ]))
        #expect(try directory.resolve("Qwxyzzy") == .unknown(suggestions: []))
        #expect(try directory.resolve("") == .unknown(suggestions: []))
        #expect(try directory.resolve(String(repeating: "x", count: 10_000)) == .unknown(suggestions: []))
    }

    // MARK: Building

    @Test("repeated or empty ids and positions off the globe are refused")
    func invalidStations() {
        let bern = StationSamples.bern
        let bad: [[Station]] = [
            [bern, bern],
            [Station(id: "", name: "Nowhere", latitude: 0, longitude: 0)],
            [Station(id: "1", name: "Nowhere", latitude: .nan, longitude: 0)],
            [Station(id: "1", name: "Nowhere", latitude: 0, longitude: 200)],
        ]
        for stations in bad {
            #expect {
                try StationDirectory(stations: stations)
            } throws: { error in
                (error as? StationDirectoryError)?.kind == .invalidStation
            }
        }
    }

    @Test("an empty directory answers nothing")
    func empty() throws {
        let directory = try StationDirectory(stations: [])
        #expect(try directory.nearest(latitude: 46, longitude: 7).isEmpty)
        #expect(try directory.search("bern").isEmpty)
        #expect(try directory.resolve("bern") == .unknown(suggestions: []))
    }

    @Test("a database file is rebuilt on open")
    func file() throws {
        let path = "/tmp/gottago-stations-\(UInt64.random(in: 0...UInt64.max)).sqlite"
        defer { unlink(path) }
        let first = try StationDirectory(stations: StationSamples.all, configuration: .init(path: path))
        #expect(try first.resolve("Bern") == .found(StationSamples.bern))
        let second = try StationDirectory(stations: [StationSamples.zurichHB], configuration: .init(path: path))
        #expect(try second.nearest(latitude: 46.9, longitude: 7.4, limit: 5).map(\.station) == [StationSamples.zurichHB])
        #expect(try second.search("bern").isEmpty)
    }

    @Test("concurrent queries get the answers a single caller gets")
    func concurrent() async throws {
        let directory = try Self.directory()
        let expected = try directory.nearest(latitude: 47, longitude: 8, limit: 5).map(\.station.id)
        // On threads of their own: CPU-bound work on the shared task pool would stall the other
        // suites' servers, which answer on that pool.
        let matches = try await withThrowingTaskGroup(of: Bool.self) { group in
            for task in 0..<4 {
                group.addTask {
                    try await offPool {
                        (0..<60).allSatisfy { round in
                            if (task + round).isMultiple(of: 2) {
                                return (try? directory.nearest(latitude: 47, longitude: 8, limit: 5).map(\.station.id)) == expected
                            }
                            return (try? directory.resolve("Rathaus", near: (47.39, 8.05))) == .found(StationSamples.aarauRathaus)
                        }
                    }
                }
            }
            return try await group.reduce(true) { $0 && $1 }
        }
        #expect(matches)
    }

    // MARK: Against brute force

    @Test("nearest equals a brute-force sort: 8,000 stops, 100 random points",
          arguments: [StationDirectory.PositionIndex.rtree, .grid])
    func bruteForceSwitzerland(_ index: StationDirectory.PositionIndex) async throws {
        let mismatches = try await offPool { try Self.bruteForceSwitzerlandMismatches(index) }
        #expect(mismatches.isEmpty)
    }

    /// CPU-bound: run on a thread of its own (see `concurrent`).
    static func bruteForceSwitzerlandMismatches(_ index: StationDirectory.PositionIndex) throws -> [String] {
        let stops = SyntheticStops.switzerland(count: 8_000)
        let directory = try StationDirectory(stations: stops, configuration: .init(positionIndex: index))
        var random = SeededGenerator(seed: 7)
        var mismatches: [String] = []
        for round in 0..<100 {
            // Mostly inside the stops' area, some around it, a few anywhere on the globe.
            let (latitude, longitude) = round % 20 == 0
                ? (Double.random(in: -90...90, using: &random), Double.random(in: -180...180, using: &random))
                : (Double.random(in: 45.5...48.1, using: &random), Double.random(in: 5.5...10.9, using: &random))
            let limit = Int.random(in: 1...20, using: &random)
            let kinds = Self.randomKinds(&random)
            let found = try directory.nearest(latitude: latitude, longitude: longitude, limit: limit, kinds: kinds)
            let expected = BruteForce.nearest(stops, latitude: latitude, longitude: longitude, limit: limit, kinds: kinds)
            if !Self.same(found, expected) { mismatches.append("\(latitude), \(longitude) limit \(limit) \(kinds)") }
        }
        return mismatches
    }

    @Test("nearest equals a brute-force sort near the poles and the antimeridian",
          arguments: [StationDirectory.PositionIndex.rtree, .grid])
    func bruteForceGlobe(_ index: StationDirectory.PositionIndex) throws {
        let stops = SyntheticStops.globe(count: 3_000)
        let directory = try StationDirectory(stations: stops, configuration: .init(positionIndex: index))
        var random = SeededGenerator(seed: 11)
        var mismatches: [String] = []
        for round in 0..<200 {
            let latitude: Double, longitude: Double
            switch round % 4 {
            case 0: (latitude, longitude) = (Double.random(in: 87...90, using: &random), Double.random(in: -180...180, using: &random))
            case 1: (latitude, longitude) = (Double.random(in: -90 ... -87, using: &random), Double.random(in: -180...180, using: &random))
            case 2:
                latitude = Double.random(in: -80...80, using: &random)
                longitude = Double.random(in: 179...180, using: &random) * (round % 8 == 2 ? 1 : -1)
            default: (latitude, longitude) = (Double.random(in: -90...90, using: &random), Double.random(in: -180...180, using: &random))
            }
            let limit = Int.random(in: 1...10, using: &random)
            let kinds = Self.randomKinds(&random)
            let found = try directory.nearest(latitude: latitude, longitude: longitude, limit: limit, kinds: kinds)
            let expected = BruteForce.nearest(stops, latitude: latitude, longitude: longitude, limit: limit, kinds: kinds)
            if !Self.same(found, expected) { mismatches.append("\(latitude), \(longitude) limit \(limit) \(kinds)") }
        }
        #expect(mismatches.isEmpty)
    }

    /// Every kind two times in three, else a random non-empty subset.
    static func randomKinds(_ random: inout SeededGenerator) -> Set<Station.Kind> {
        guard Int.random(in: 0..<3, using: &random) == 0 else { return StationDirectory.allKinds }
        let kinds = Set(Station.Kind.allCases.filter { _ in Bool.random(using: &random) })
        return kinds.isEmpty ? [.bus] : kinds
    }

    static func same(_ found: [(station: Station, meters: Double)], _ expected: [(station: Station, meters: Double)]) -> Bool {
        found.count == expected.count
            && zip(found, expected).allSatisfy { a, b in
                a.station == b.station && abs(a.meters - b.meters) <= 1e-6 * max(1, b.meters)
            }
    }
}

@Suite("SwissStations")
struct SwissStationsTests {
    /// Built once, on a thread of its own: CPU-bound work on the shared task pool would stall the
    /// other suites' servers (see `StationDirectoryTests.concurrent`).
    static let directory = Task { try await offPool { try StationDirectory(stations: SwissStations.all) } }

    @Test("every DiDok stop, sorted by id, ids unique and the real 7-digit 85… numbers")
    func ids() {
        let ids = SwissStations.all.map(\.id)
        #expect(ids.count == 26_644)
        #expect(zip(ids, ids.dropFirst()).allSatisfy { $0 < $1 })
        #expect(ids.allSatisfy { $0.utf8.count == 7 && $0.hasPrefix("85") })
        let kinds = Dictionary(grouping: SwissStations.all, by: \.kind).mapValues(\.count)
        #expect(kinds == [.train: 1818, .tram: 554, .bus: 22_710, .ship: 329, .cableway: 1233])
        #expect(SwissStations.all.allSatisfy { !$0.locality.isEmpty })
        // Inside Switzerland, border stations included.
        #expect(SwissStations.all.allSatisfy { (45.7...47.9).contains($0.latitude) && (5.9...10.6).contains($0.longitude) })
    }

    @Test("localities come from the names", arguments: [
        ("8590032", "Bern"), ("8503006", "Zürich"), ("8501026", "Genève"), ("8503110", "Rapperswil SG"),
        ("8500202", "Grenchen"), ("8500003", "Gryon"),
    ])
    func localities(_ id: String, _ locality: String) throws {
        #expect(try #require(SwissStations.all.first { $0.id == id }).locality == locality)
    }

    @Test("the stops of the recorded samples that the DiDok list lacks keep their real numbers")
    func sampleStops() throws {
        let extra = SwissStations.all.filter { ["8508490", "8511936", "8511941"].contains($0.id) }
        #expect(extra.map(\.name) == ["Kehrsiten-Bürgenstock (Talst.)", "S. Bernardino, Fornas", "S. Bernardino, Centro"])
    }

    @Test("the committed data is what the derive script writes from the shared data",
          .enabled(if: access(GazetteerFixture.repository + "/../shared/data/swiss-stops.csv.gz", F_OK) == 0))
    func derivedDataIsCurrent() async throws {
        let result = try await offPool {
            try ChildProcess.run("/usr/bin/env", arguments: ["python3", GazetteerFixture.repository + "/scripts/derive-stations.py", "--check"])
        }
        #expect(result.status == 0, "\(String(decoding: result.out + result.err, as: UTF8.self))")
    }

    @Test("the embedded table is the committed file, and its digest names it")
    func embedded() async throws {
        let path = GazetteerFixture.repository + "/Sources/EmbeddedFiles/include/stations.tsv"
        let (same, digest, parsed) = try await offPool {
            let bytes = Array(SwissStations.embeddedBytes)
            let file = try ChildProcess.run("/bin/cat", arguments: [path]).out
            let sum = try ChildProcess.run("/usr/bin/sha256sum", arguments: [path]).out
            return (bytes == file, String(decoding: sum.prefix(64), as: UTF8.self), SwissStations.parse(String(decoding: bytes, as: UTF8.self)))
        }
        #expect(same)
        #expect(digest == SwissStations.digest)
        #expect(parsed == SwissStations.all)
    }

    @Test("the major stations, where they are", arguments: [
        ("8507000", "Bern", 46.9488, 7.4391), ("8503000", "Zürich HB", 47.3782, 8.5402), ("8500010", "Basel SBB", 47.5474, 7.5896),
        ("8507100", "Thun", 46.7548, 7.6295), ("8503504", "Baden", 47.4764, 8.3077), ("8501008", "Genève", 46.2102, 6.1424),
        ("8501120", "Lausanne", 46.5168, 6.6291), ("8505000", "Luzern", 47.0502, 8.3102), ("8500218", "Olten", 47.3519, 7.9077),
        ("8506000", "Winterthur", 47.5005, 8.7236), ("8506302", "St. Gallen", 47.4232, 9.3699),
        ("8504300", "Biel/Bienne", 47.1329, 7.2429), ("8509000", "Chur", 46.8531, 9.5289), ("8505300", "Lugano", 46.0054, 8.9470),
        ("8501609", "Brig", 46.3194, 7.9881), ("8507492", "Interlaken Ost", 46.6905, 7.8690),
        ("8503016", "Zürich Flughafen", 47.4504, 8.5624),
    ])
    func majorStations(_ id: String, _ name: String, _ latitude: Double, _ longitude: Double) throws {
        let station = try #require(SwissStations.all.first { $0.id == id })
        #expect(station.name == name)
        #expect(station.kind == .train)
        #expect(BruteForce.meters(station.latitude, station.longitude, latitude, longitude) < 2000)
    }

    @Test("malformed lines are skipped; of repeated ids the first is kept")
    func parse() {
        let table = """
            8500002\tB\t47.0\t8.0\tB\tbus
            8500001\tA\t46.0\t7.0\tA\ttrain
            too\tfew\tfields
            8500003\tBad latitude\t91\t7.0\t\ttrain
            8500004\tBad kind\t46\t7.0\t\tzeppelin
            8500005\tNo number\tabc\t7.0\t\ttrain
            \tNo id\t46\t7\t\ttrain
            8500006\t \t46\t7\t\ttrain
            8500002\tB again\t47.0\t8.0\tB\tbus\r
            8500007\tC\t-45.5\t-170.25\t\tship
            """
        let stations = SwissStations.parse(table)
        #expect(stations == [
            Station(id: "8500001", name: "A", latitude: 46, longitude: 7, locality: "A", kind: .train),
            Station(id: "8500002", name: "B", latitude: 47, longitude: 8, locality: "B", kind: .bus),
            Station(id: "8500007", name: "C", latitude: -45.5, longitude: -170.25, locality: "", kind: .ship),
        ])
        #expect(SwissStations.parse("").isEmpty)
    }

    @Test("nearest around Bern station is Bern")
    func nearestBern() async throws {
        let directory = try await Self.directory.value
        let near = try directory.nearest(latitude: 46.9490, longitude: 7.4390, limit: 5)
        #expect(near.first?.station.id == "8507000")
        #expect(try #require(near.first).meters < 100)
        #expect(near.contains { $0.station.name == "Bern, Bahnhof" })
    }

    @Test("names users type resolve to the station they mean", arguments: [
        ("Zürich HB", "8503000"), ("zurich", "8503000"), ("Bern", "8507000"), ("geneve", "8501008"), ("basel", "8500010"),
        ("st gallen", "8506302"), ("biel", "8504300"), ("Bern, Rathaus", "8590032"), ("8507100", "8507100"),
        ("Interlaken Ost", "8507492"), ("zurich flughafen", "8503016"), ("lausanne", "8501120"), ("Luzern", "8505000"),
        ("thun", "8507100"), ("Olten", "8500218"), ("winterthur", "8506000"), ("lugano", "8505300"), ("Zürich Oerlikon", "8503006"),
    ])
    func resolve(_ name: String, _ id: String) async throws {
        let resolution = try await Self.directory.value.resolve(name)
        guard case .found(let station) = resolution else {
            Issue.record("\(name): \(resolution)")
            return
        }
        #expect(station.id == id)
    }

    @Test("Rathaus is ambiguous, but the nearest near a town")
    func rathaus() async throws {
        let directory = try await Self.directory.value
        guard case .ambiguous(let candidates) = try directory.resolve("Rathaus") else {
            Issue.record("expected ambiguous")
            return
        }
        // 26 stops are named "…, Rathaus" (three more have it in a longer name); the first 20 by name.
        #expect(candidates.count == StationDirectory.maximumCandidates)
        #expect(Set(candidates.map(\.name)).isSuperset(of: ["Aarau, Rathaus", "Bern, Rathaus", "Frauenfeld, Rathaus"]))
        #expect(candidates.map(\.name) == candidates.map(\.name).sorted())
        let all = try directory.search("Rathaus", limit: 50)
        #expect(all.count == 29 && all.filter { $0.score == 0.8 }.count == 26)
        for (town, latitude, longitude) in [("Aarau", 47.3914, 8.0513), ("Bern", 46.9488, 7.4391), ("Zürich", 47.3782, 8.5402),
                                            ("Wettingen", 47.4595, 8.3158), ("Rorschach", 47.4776, 9.4952)] {
            guard case .found(let station) = try directory.resolve("Rathaus", near: (latitude, longitude)) else {
                Issue.record("expected found near \(town)")
                continue
            }
            #expect(station.name == "\(town), Rathaus")
        }
    }

    @Test("a misspelt town gets suggestions")
    func suggestions() async throws {
        guard case .unknown(let suggestions) = try await Self.directory.value.resolve("Zurik") else {
            Issue.record("expected unknown")
            return
        }
        #expect(suggestions.first?.id == "8503000")
        #expect(suggestions.count == StationDirectory.maximumSuggestions)
    }
}
