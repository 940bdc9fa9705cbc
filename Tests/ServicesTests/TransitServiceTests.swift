import Fetch
import Foundation
import HTTPTesting
import Kernel
import Model
import Sandbox
import Scrape
import Services
import Store
import Testing
import Upstream

/// The transit service over real parts: the shipped routes, the upstream layer, libcurl, real
/// static GTFS zips and real GTFS-Realtime feeds served on loopback, time set by hand; each
/// expectation worked out by hand from the feeds' files.
@Suite("TransitService", .serialized)
struct TransitServiceTests {
    static let repository: String = {
        var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()

    static func file(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: "\(repository)/\(path)")))
    }

    /// A service over one agency whose trip updates a stand-in serves (`feed`), at `clock`.
    func withService(
        _ agency: (String) -> TransitAgency, feed: [UInt8], clock: TestClock, _ run: (TransitService, StandInUpstream) async throws -> Void
    ) async throws {
        let upstream = try StandInUpstream(body: feed, contentType: "application/x-protobuf")
        let directory = NSTemporaryDirectory() + "gottago-transit-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        do {
            let configuration = agency(upstream.base)
            let catalog = try RouteCatalog.load(from: Self.repository + "/Routes")
            let upstreams = try Upstreams(
                catalog: catalog, fetcher: try CurlFetcher(), cache: MemoryCache(now: { clock.now }), now: { clock.now },
                more: [configuration.upstream])
            let service = try TransitService(agencies: [configuration], upstreams: upstreams, directory: directory)
            service.start()
            await service.settled()
            try await run(service, upstream)
            await upstream.shutdown()
        } catch {
            await upstream.shutdown()
            throw error
        }
    }

    @Test("BART's own feed of 2016-12-29 over its timetable: a delay at one stop propagates to the next; runs without an update are scheduled")
    func bartDelayPropagates() async throws {
        // 2016-12-29T17:39:24Z, the feed's own timestamp: 09:39:24 in Oakland, a Thursday (WKDY).
        let clock = TestClock(1_483_033_164_000)
        let agency = { (base: String) in
            TransitAgency(
                name: "bart", staticFeed: Self.repository + "/Sources/EmbeddedFiles/include/bart-gtfs.zip", tripUpdates: base + "/gtfsrt/tripupdate.aspx")
        }
        let feed = try Self.file("Routes/gtfs-rt-trip-updates/samples/bart-2016-12-29T17-39-24Z.pb")
        try await withService(agency, feed: feed, clock: clock) { service, upstream in
            let board = try await service.departures(agency: "bart", stop: "COLS", from: 1_483_033_164, window: 1200, limit: 20)
            #expect(board.stop.name == "Coliseum")
            #expect(board.feed?.generated?.iso8601 == "2016-12-29T09:39:24-08:00" && board.feed?.age == 0)
            // The feed's only update of 20R10: 2 minutes late leaving Fruitvale (stop 11). At Coliseum
            // (stop 12, 09:40 by stop_times.txt) it leaves at 09:42, a delay given one stop before.
            let late = try #require(board.departures.first { $0.tripID == "20R10" })
            #expect(late.time.iso8601 == "2016-12-29T09:40:00-08:00")
            #expect(late.timePredicted?.iso8601 == "2016-12-29T09:42:00-08:00")
            #expect(late.realtime == .propagated && late.delay == 2 && !late.cancelled)
            // trips.txt: 20R10 is route 03 (Fremont - Richmond, ff9933), its stop_headsign at Coliseum "Fremont".
            #expect(late.serviceDate == "2016-12-29" && late.routeID == "03" && late.color == "ff9933")
            #expect(late.route == "Fremont - Richmond" && late.headsign == "Fremont")
            // Soonest first, by prediction.
            let times = board.departures.map { ($0.timePredicted ?? $0.time).instant }
            #expect(times == times.sorted() && times.allSatisfy { $0 >= 1_483_033_164 })
            #expect(Set(board.departures.map(\.realtime)).isSubset(of: [.propagated, .asserted, .scheduled]))
            #expect(board.departures.contains { $0.realtime == .scheduled && $0.timePredicted == nil })
            #expect(upstream.hits == 1)
        }
    }

    @Test("FGC's feed of 2025-08-21 over its own timetable, given as a file and a loopback URL: absolute times win, to the second")
    func fgcAbsoluteTimes() async throws {
        // 2025-08-21T14:45:03Z, the feed's timestamp: 16:45:03 in Barcelona.
        let clock = TestClock(1_755_787_503_000)
        let agency = { (base: String) in
            TransitAgency(
                name: "fgc", staticFeed: Self.repository + "/Tests/Fixtures/gtfs/fgc-gtfs-static-2025-08-19-bcntransitbot.zip",
                tripUpdates: base + "/fgc/trip-updates.pb")
        }
        let feed = try Self.file("Tests/Fixtures/gtfs/fgc-tripupdates-2025-08-21T14-45-03Z.pb")
        try await withService(agency, feed: feed, clock: clock) { service, _ in
            #expect(service.agency("fgc")?.timetable.state.summary?.timeZone == "Europe/Madrid")
            let board = try await service.departures(agency: "fgc", stop: "PF", from: 1_755_787_503, window: 1800, limit: 30)
            #expect(board.stop.name == "Peu del Funicular")
            // stop_times.txt: the run leaves Peu del Funicular (stop 9) at 16:47:00; the feed says 16:47:10.
            let run = try #require(board.departures.first { $0.tripID == "6c4bdab144746c0fb955c60d40|682dc5e505" })
            #expect(run.time.iso8601 == "2025-08-21T16:47:00+02:00")
            #expect(run.timePredicted?.iso8601 == "2025-08-21T16:47:10+02:00")
            #expect(run.realtime == .asserted && run.delay == 0)
            #expect(run.route == "S2" && run.headsign == "Sabadell Parc del Nord" && run.serviceDate == "2025-08-21")
            #expect(!board.departures.isEmpty && board.departures.allSatisfy { ($0.timePredicted ?? $0.time).instant >= 1_755_787_503 })
        }
    }

    @Test("a feed whose own timestamp says its data was 20 s old when fetched is refreshed 10 s later, not 30; never within 5 s")
    func olderDataRefreshesSooner() async throws {
        // The BART feed says 17:39:24Z; it is fetched at 17:39:44Z.
        let clock = TestClock(1_483_033_184_000)
        let agency = { (base: String) in
            TransitAgency(name: "bart", staticFeed: Self.repository + "/Sources/EmbeddedFiles/include/bart-gtfs.zip", tripUpdates: base + "/tu")
        }
        let feed = try Self.file("Routes/gtfs-rt-trip-updates/samples/bart-2016-12-29T17-39-24Z.pb")
        try await withService(agency, feed: feed, clock: clock) { service, upstream in
            let trips = try #require(service.agency("bart")?.tripUpdates)
            let first = try await trips.snapshot()
            #expect(first.lag == 20_000 && trips.refreshAfter(first) == 10_000 && upstream.hits == 1)
            clock.advance(seconds: 9)
            #expect(trips.current()?.version == 1)
            await trips.settled()
            #expect(upstream.hits == 1)
            clock.advance(seconds: 2)
            #expect(trips.current()?.version == 1)
            await trips.settled()
            #expect(upstream.hits == 2 && trips.current()?.version == 2)
            // Now 31 s behind its own timestamp: a sixth of the interval is the least wait.
            #expect(trips.refreshAfter(try #require(trips.current())) == 5_000)
        }
    }

    @Test("a feed that is an HTML error page, a differential feed or bytes that are not protobuf: runs scheduled, the feed failing, nothing else lost")
    func brokenFeeds() async throws {
        let clock = TestClock(1_483_033_164_000)
        let agency = { (base: String) in
            TransitAgency(name: "bart", staticFeed: Self.repository + "/Sources/EmbeddedFiles/include/bart-gtfs.zip", tripUpdates: base + "/tu")
        }
        let html = Array("<!DOCTYPE html><html><body><h1>503 Service Unavailable</h1></body></html>".utf8)
        // A header (version 2.0) saying DIFFERENTIAL, then nothing.
        let differential: [UInt8] = [0x0A, 0x07, 0x0A, 0x03, 0x32, 0x2E, 0x30, 0x10, 0x01]
        // A length running past the end.
        let truncated: [UInt8] = [0x0A, 0x7F, 0x0A]
        for (feed, failure) in [(html, "not GTFS-RT"), (differential, "differential"), (truncated, "not GTFS-RT")] {
            try await withService(agency, feed: feed, clock: clock) { service, _ in
                let board = try await service.departures(agency: "bart", stop: "EMBR", from: 1_483_033_164, window: 900, limit: 10)
                #expect(board.feed == nil && !board.departures.isEmpty && board.departures.allSatisfy { $0.realtime == .scheduled })
                let report = service.report().agencies[0]
                #expect(report.state == "ready")
                let state = try #require(report.feeds.first)
                #expect(state.kind == "trip-updates" && state.state == "failing", "\(state)")
                #expect(state.failure?.contains(failure) == true, "\(String(describing: state.failure))")
            }
        }
    }

    @Test("a name no agency has, a stop the agency lacks (with candidates), an agency without a timetable yet")
    func unknownNames() async throws {
        let clock = TestClock(1_483_033_164_000)
        let agency = { (base: String) in
            TransitAgency(name: "bart", staticFeed: Self.repository + "/Sources/EmbeddedFiles/include/bart-gtfs.zip", tripUpdates: base + "/tu")
        }
        try await withService(agency, feed: [], clock: clock) { service, _ in
            await #expect(throws: TransitService.Failure.self) { try await service.departures(agency: "muni", stop: "X", from: 0, window: 60, limit: 1) }
            do {
                _ = try await service.departures(agency: "bart", stop: "Embarcadero", from: 1_483_033_164, window: 600, limit: 5)
                Issue.record("an unknown stop was answered")
            } catch {
                guard case TransitService.Failure.unknownStop(_, let suggestions)? = error as? TransitService.Failure else { Issue.record("\(error)"); return }
                #expect(suggestions.map(\.id) == ["EMBR"])
            }
            // An empty feed is no feed: every run is scheduled, and the document says so (no stamp).
            let board = try await service.departures(agency: "bart", stop: "EMBR", from: 1_483_033_164, window: 600, limit: 5)
            #expect(board.feed == nil && !board.departures.isEmpty && board.departures.allSatisfy { $0.realtime == .scheduled })
        }
    }
}

/// BART as `make serve` runs it: the embedded sandbox's feeds (BART's static feed with its
/// calendar made current, simulated trip updates and alerts) through the shipped routes.
@Suite("TransitService over the sandbox", .serialized)
struct TransitSandboxTests {
    /// Wednesday 2026-12-09, 12:00 in Oakland.
    static let noon: Int64 = 1_796_846_400

    func withBART(_ run: (TransitService) async throws -> Void) async throws {
        let clock = TestClock(Self.noon * 1000)
        var configuration = SandboxServer.Configuration()
        configuration.bartClock = { clock.now / 1000 }
        let sandbox = try SandboxServer(model: TimetableModel(stations: []), configuration: configuration)
        let directory = NSTemporaryDirectory() + "gottago-transit-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var policy = UpstreamPolicy()
        policy.origin = sandbox.origin
        do {
            let catalog = try RouteCatalog.load(from: TransitServiceTests.repository + "/Routes")
            let upstreams = try Upstreams(
                catalog: catalog, fetcher: try CurlFetcher(), cache: MemoryCache(now: { clock.now }), policies: ["bart-gtfs": policy], now: { clock.now })
            let service = try TransitService(agencies: [.bart], upstreams: upstreams, directory: directory)
            service.start()
            await service.settled()
            try await run(service)
            await sandbox.shutdown()
        } catch {
            await sandbox.shutdown()
            throw error
        }
    }

    @Test("every real-time state appears across the network at noon, each consistent with its fields")
    func everyState() async throws {
        try await withBART { service in
            #expect(service.agency("bart")?.timetable.state.status == "ready")
            var all: [TransitDeparture] = []
            for station in ["12TH", "19TH", "MCAR", "EMBR", "MONT", "POWL", "CIVC", "16TH", "24TH", "BALB", "DALY", "FTVL", "COLS", "BAYF", "WOAK"] {
                all += try await service.departures(agency: "bart", stop: station, from: Self.noon, window: 3600, limit: 60).departures
            }
            #expect(all.contains { $0.realtime == .asserted && $0.timePredicted != nil && !$0.cancelled })
            #expect(all.contains { $0.realtime == .propagated && $0.timePredicted != nil })
            #expect(all.contains { $0.realtime == .scheduled && $0.timePredicted == nil })
            #expect(all.contains { $0.cancelled && $0.timePredicted == nil })
            #expect(all.contains { $0.departureCancelled })
            #expect(all.contains { $0.added && $0.tripID.hasSuffix("-EXTRA") })
            // The route's delays with each departure of route 01; the station's elevator and the agency's notice once, with the station.
            #expect(all.filter { !$0.alerts.isEmpty }.allSatisfy { $0.routeID == "01" && $0.alerts.map(\.id) == ["delays-01"] })
            #expect(all.contains { $0.routeID == "01" && !$0.alerts.isEmpty })
            let board = try await service.departures(agency: "bart", stop: "12TH", from: Self.noon, window: 3600, limit: 5)
            #expect(board.alerts.compactMap(\.id) == ["elevator-12TH", "notice-BART"])
            let elsewhere = try await service.departures(agency: "bart", stop: "EMBR", from: Self.noon, window: 3600, limit: 5)
            #expect(elsewhere.alerts.compactMap(\.id) == ["notice-BART"])
            // A propagated or asserted prediction is never before the timetable by more than the simulator's delays allow.
            for departure in all where departure.timePredicted != nil && !departure.added {
                #expect((0...420).contains(departure.timePredicted!.instant - departure.time.instant), "\(departure.tripID)")
            }
        }
    }

    @Test("nearby: the stations around 12th St. Oakland grouped (19th St. with its second stop) and nearest first, each with departures")
    func nearby() async throws {
        try await withBART { service in
            let position = try #require(Coordinate(latitude: 37.8030, longitude: -122.2720))
            let nearby = await service.nearby(position, radius: 2000, limit: 4, departures: 5)
            #expect(nearby.stops.map(\.stop.id).prefix(2) == ["12TH", "19TH"])
            #expect(!nearby.stops.map(\.stop.id).contains("19TH_N"))
            let distances = nearby.stops.map(\.distance.meters)
            #expect(distances == distances.sorted() && distances.allSatisfy { $0 <= 2000 })
            #expect(nearby.stops.allSatisfy { !$0.departures.isEmpty && $0.departures.count <= 5 && $0.feed != nil })
            let alerts = try await service.alerts(agency: "bart")
            #expect(Set(alerts.compactMap(\.id)) == ["elevator-12TH", "delays-01", "notice-BART"])
            #expect(alerts.first { $0.id == "notice-BART" }?.header == "Bikes are welcome on every train")
        }
    }
}
