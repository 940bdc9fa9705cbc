import Fetch
import Foundation
import HTTPTesting
import Model
import Sandbox
import Scrape
import Services
import Store
import Testing
import Upstream
@testable import API

/// `/api/bart/…` on the real server through the shipped routes to the embedded sandbox's
/// simulated feeds, at a fixed moment: the trains are the ones the simulated network meant.
@Suite("BART over the sandbox", .serialized)
struct BARTSandboxTests {
    /// 2026-05-12 17:10 PDT, a Tuesday afternoon.
    static let instant: Int64 = 1_778_631_000
    static let network = BARTNetwork(stations: BARTStations.all)

    func withApp(_ provider: DepartureProvider, at seconds: Int64 = instant, _ run: (LiveApp) async throws -> Void) async throws {
        var configuration = SandboxServer.Configuration()
        configuration.bartClock = { seconds }
        let sandbox = try SandboxServer(model: TimetableModel(stations: []), configuration: configuration)
        var policy = UpstreamPolicy()
        policy.origin = sandbox.origin
        do {
            let catalog = try RouteCatalog.load(from: TestRoutes.shipped)
            let upstreams = try Upstreams(
                catalog: catalog, fetcher: try CurlFetcher(), cache: MemoryCache(),
                policies: [try #require(catalog[provider.routeIDs[0]]).upstream: policy])
            let departures = try DepartureService(feed: DepartureFeed(upstreams: upstreams, routeID: provider.routeIDs[0]))
            try await LiveApp.with(upstreams: upstreams, departures: departures) { live in try await run(live) }
            await sandbox.shutdown()
        } catch {
            await sandbox.shutdown()
            throw error
        }
    }

    static func json(_ response: TestResponse, _ root: String) throws -> [String: Any] {
        try #require((try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])?[root] as? [String: Any])
    }

    /// Each destination's minutes, as the API says and as the network meant.
    static func minutes(_ destinations: [[String: Any]]) -> [String: [Int]] {
        Dictionary(destinations.map { ($0["name"] as? String ?? "", ($0["trains"] as? [[String: Any]] ?? []).compactMap { $0["minutes"] as? Int }) },
                   uniquingKeysWith: { first, _ in first })
    }

    static func expected(_ abbr: String, at seconds: Int64) -> [String: [Int]] {
        Dictionary(network.departures(at: abbr, instant: seconds).map { ($0.destination, $0.estimates.map(\.minutes).sorted()) },
                   uniquingKeysWith: { first, _ in first })
    }

    @Test("etd: every station's trains as the network meant them, with platforms, colors and lengths; nearby in one response", arguments: ["EMBR", "MCAR", "RICH", "DUBL"])
    func etd(_ abbr: String) async throws {
        try await withApp(.bartEtd) { live in
            let xml = try await live.get("/api/bart/stations/\(abbr)/departures")
            #expect(xml.status == 200)
            #expect(try await XMLSchemaCheck.validate(xml.body, schema: DocumentSchemas.bart.xsd) == nil)
            #expect(xml.text.contains("<generated>2026-05-12T17:10:00-07:00</generated>"))
            let document = try Self.json(try await live.get("/api/bart/stations/\(abbr)/departures.json"), "departures")
            let destinations = document["destinations"] as? [[String: Any]] ?? []
            #expect(!destinations.isEmpty)
            #expect(Self.minutes(destinations) == Self.expected(abbr, at: Self.instant))
            let etds = Self.network.departures(at: abbr, instant: Self.instant)
            for destination in destinations {
                let etd = try #require(etds.first { $0.destination == destination["name"] as? String })
                #expect(destination["abbr"] as? String == etd.abbreviation)
                let trains = destination["trains"] as? [[String: Any]] ?? []
                for (train, estimate) in zip(trains, etd.estimates.sorted { $0.minutes < $1.minutes }) {
                    #expect(train["platform"] as? String == String(estimate.platform))
                    #expect(train["length"] as? Int == estimate.length)
                    #expect(train["color"] as? String == estimate.line.color)
                    #expect(train["leaving"] as? Bool == (estimate.isLeaving ? true : nil))
                }
            }
        }
    }

    @Test("legacy feed: minutes per destination as the network meant them; nearby stations each with departures")
    func legacyAndNearby() async throws {
        try await withApp(.bartLegacy) { live in
            let document = try Self.json(try await live.get("/api/bart/stations/LAKE/departures.json"), "departures")
            #expect(Self.minutes(document["destinations"] as? [[String: Any]] ?? []) == Self.expected("LAKE", at: Self.instant))
            let nearby = try await live.get("/api/bart/nearby?lat=37.7929&lon=-122.3971&limit=3")
            #expect(nearby.status == 200)
            #expect(try await XMLSchemaCheck.validate(nearby.body, schema: DocumentSchemas.bart.xsd) == nil)
            let stations = (try Self.json(try await live.get("/api/bart/nearby.json?lat=37.7929&lon=-122.3971&limit=3"), "nearby")["stations"] as? [[String: Any]]) ?? []
            #expect(stations.compactMap { $0["abbr"] as? String } == ["EMBR", "MONT", "POWL"])
            for station in stations {
                let abbr = station["abbr"] as? String ?? ""
                #expect(Self.minutes(station["destinations"] as? [[String: Any]] ?? []) == Self.expected(abbr, at: Self.instant), "\(abbr)")
            }
        }
    }

    @Test("at 3 am there are no trains: the stations answer with no destinations, not an error")
    func night() async throws {
        try await withApp(.bartEtd, at: Self.instant + 10 * 3600) { live in
            let response = try await live.get("/api/bart/stations/EMBR/departures")
            #expect(response.status == 200)
            #expect(response.text.contains("<abbr>EMBR</abbr><name>Embarcadero</name><lat>37.792874</lat><lon>-122.39702</lon><destinations/>"))
        }
    }
}
