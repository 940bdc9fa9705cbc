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
@testable import API

/// `/api/transit/…` and BART's `/api/bart/…` on the real server, answered from BART's GTFS feeds
/// as the embedded sandbox serves them (its real timetable, its calendar made current, simulated
/// real-time), at a Wednesday noon. Every document is checked against its published schema.
@Suite("Transit endpoints", .serialized)
struct TransitEndpointsTests {
    /// Wednesday 2026-12-09, 12:00 in Oakland.
    static let noon: Int64 = 1_796_846_400

    func withApp(_ run: (LiveApp) async throws -> Void) async throws {
        try await withApp(threads: 0) { live, _, _ in try await run(live) }
    }

    /// The app with `threads` server threads (0: one per core), the clock and the transit service.
    func withApp(threads: Int, _ run: (LiveApp, TestClock, TransitService) async throws -> Void) async throws {
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
            let catalog = try RouteCatalog.load(from: TestRoutes.shipped)
            let upstreams = try Upstreams(
                catalog: catalog, fetcher: try CurlFetcher(), cache: MemoryCache(now: { clock.now }), policies: ["bart-gtfs": policy],
                now: { clock.now })
            let transit = try TransitService(agencies: [.bart], upstreams: upstreams, directory: directory)
            transit.start()
            await transit.settled()
            let departures = try DepartureService(transit: transit)
            try await LiveApp.with(upstreams: upstreams, departures: departures, transit: transit, configure: { $0.threads = threads }) { live in
                try await run(live, clock, transit)
            }
            await sandbox.shutdown()
        } catch {
            await sandbox.shutdown()
            throw error
        }
    }

    static func object(_ response: TestResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    @Test("agencies, stops by name and by position, a stop's departures in every state, nearby, alerts")
    func documents() async throws {
        try await withApp { live in
            let agencies = try await live.get("/api/transit/agencies")
            #expect(agencies.status == 200 && agencies.text.contains("<name>bart</name>") && agencies.text.contains("<state>ready</state>"))
            #expect(agencies.text.contains("<trips>2513</trips>") && agencies.text.contains("<timezone>America/Los_Angeles</timezone>"))
            #expect(agencies.text.contains("<credit>Schedules and real-time departures: BART (San Francisco Bay Area Rapid Transit District), www.bart.gov</credit>"))
            // BART's GTFS feeds as an upstream: the route files' politeness, one fetch at a time.
            let upstreams = try #require(try Self.object(try await live.get("/api/upstreams.json"))["upstreams"] as? [[String: Any]])
            let bart = try #require(upstreams.first { $0["name"] as? String == "bart-gtfs" })
            #expect((bart["politeness"] as? [String: Any])?["max_concurrent"] as? Int == 1, "\(bart)")

            let byName = try await live.get("/api/transit/bart/stops.json?query=oakland")
            let names = try #require(try Self.object(byName)["stops"] as? [[String: Any]]).compactMap { $0["name"] as? String }
            #expect(names.contains("12th St. Oakland City Center") && names.allSatisfy { $0.localizedCaseInsensitiveContains("oakland") })

            let near = try await live.get("/api/transit/bart/stops.json?lat=37.8030&lon=-122.2720&limit=3")
            let stops = try #require(try Self.object(near)["stops"] as? [[String: Any]])
            #expect(stops.compactMap { $0["id"] as? String }.first == "12TH")
            let metres = stops.compactMap { ($0["distance"] as? [String: Any])?["m"] as? Double }
            #expect(metres.count == 3 && metres == metres.sorted())

            let board = try await live.get("/api/transit/bart/stops/12TH/departures.json?time=2026-12-09T12:00&limit=100&window=180")
            #expect(board.status == 200 && board.header("Age") == "0")
            let document = try #require(try Self.object(board)["departures"] as? [String: Any])
            #expect(document["generated"] as? String == "2026-12-09T12:00:00-08:00")
            let departures = try #require(document["departures"] as? [[String: Any]])
            let states = Set(departures.compactMap { $0["realtime"] as? String })
            #expect(states == ["asserted", "propagated", "scheduled"], "\(states)")
            #expect(departures.contains { $0["cancelled"] as? Bool == true })
            #expect(departures.allSatisfy { ($0["time"] as? String)?.hasSuffix("-08:00") == true && $0["stop_id"] as? String == "12TH" })

            let nearby = try await live.get("/api/transit/nearby.json?lat=37.8030&lon=-122.2720&limit=3&departures=4")
            let entries = try #require(try Self.object(nearby)["nearby"] as? [[String: Any]])
            #expect(entries.compactMap { $0["id"] as? String } == ["12TH", "19TH", "LAKE"])
            #expect(entries.allSatisfy { (($0["departures"] as? [[String: Any]])?.count ?? 0) == 4 })

            let alerts = try await live.get("/api/transit/bart/alerts")
            #expect(alerts.status == 200 && alerts.text.components(separatedBy: "<alert>").count == 4)
        }
    }

    @Test("an unknown agency is a 404, an unknown stop a 404 naming stops like it, a bad time or no query a 400")
    func errors() async throws {
        try await withApp { live in
            let agency = try await live.get("/api/transit/muni/stops?query=x")
            #expect(agency.status == 404 && agency.text.contains("<code>unknown_agency</code>"))
            let stop = try await live.get("/api/transit/bart/stops/12th/departures")
            #expect(stop.status == 404 && stop.text.contains("<code>unknown_station</code>") && stop.text.contains("12TH (12th St. Oakland City Center)"))
            let time = try await live.get("/api/transit/bart/stops/12TH/departures?time=noon")
            #expect(time.status == 400 && time.text.contains("<code>invalid_parameter</code>"))
            let neither = try await live.get("/api/transit/bart/stops")
            #expect(neither.status == 400)
            let far = try await live.get("/api/transit/nearby?lat=0&lon=0")
            #expect(far.status == 200 && far.text.hasSuffix("<nearby/>"))
        }
    }

    @Test("a stop's departures are kept rendered for one second and the feeds they were made from, found by the request as sent")
    func keptForASecond() async throws {
        // One server thread: each keeps answers of its own, and every request here must find the one kept before.
        try await withApp(threads: 1) { live, clock, transit in
            let path = "/api/transit/bart/stops/12TH/departures?limit=3"
            let first = try await live.get(path)
            let again = try await live.get(path)
            #expect(first.status == 200 && first.body == again.body && again.header("Age") == "0")
            // Another request as sent is another answer, decoded and checked.
            let json = try await live.get(path + "&window=60", headers: [("Accept", "application/json")])
            #expect(json.status == 200 && json.header("Content-Type")?.hasPrefix("application/json") == true)
            let refused = try await live.get(path + "&limit=0")
            #expect(refused.status == 400 && refused.text.contains("<code>invalid_parameter</code>"))

            // A second later the feed is stale: the answer is made anew from the feed in service, which refreshes meanwhile.
            clock.advance(milliseconds: 31_000)
            let stale = try await live.get(path)
            #expect(stale.status == 200 && stale.header("Age") == "31" && stale.text.contains("<age>31</age>"))
            let feed = try #require(transit.agency("bart")?.tripUpdates)
            await feed.settled()
            // The same request in the same second, now that a new feed is in service: made anew from it.
            let fresh = try await live.get(path)
            #expect(fresh.header("Age") == "0" && fresh.text.contains("<age>0</age>") && fresh.text.contains("<generated>2026-12-09T12:00:31-08:00</generated>"))
            let madeAnew = fresh.body != stale.body
            #expect(madeAnew)
        }
    }

    @Test("/api/bart answers from GTFS-Realtime by default: planned and predicted times, every state, minutes to go")
    func bartFromGTFS() async throws {
        try await withApp { live in
            let response = try await live.get("/api/bart/stations/12TH/departures.json")
            #expect(response.status == 200)
            let document = try #require(try Self.object(response)["departures"] as? [String: Any])
            #expect(document["abbr"] as? String == "12TH" && document["generated"] as? String == "2026-12-09T12:00:00-08:00")
            let trains = try #require(document["destinations"] as? [[String: Any]]).flatMap { ($0["trains"] as? [[String: Any]]) ?? [] }
            #expect(Set(trains.compactMap { $0["realtime"] as? String }) == ["asserted", "propagated", "scheduled"])
            #expect(trains.allSatisfy { $0["time"] != nil && ($0["hexcolor"] as? String)?.hasPrefix("#") == true })
            // Each destination with the abbreviation of the station its runs end at.
            let destinations = try #require(document["destinations"] as? [[String: Any]])
            let abbreviations = Dictionary(destinations.map { ($0["name"] as? String ?? "", $0["abbr"] as? String ?? "") }, uniquingKeysWith: { a, _ in a })
            #expect(abbreviations["Fremont"] == "FRMT" && abbreviations["Richmond"] == "RICH", "\(abbreviations)")
            let nearby = try await live.get("/api/bart/nearby.json?lat=37.8030&lon=-122.2720&limit=2")
            let stations = try #require((try Self.object(nearby)["nearby"] as? [String: Any])?["stations"] as? [[String: Any]])
            #expect(stations.compactMap { $0["abbr"] as? String } == ["12TH", "19TH"])
        }
    }
}
