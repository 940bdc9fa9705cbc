import Foundation
import HTTPTesting
import Kernel
import Services
import Testing
@testable import API

/// The weather along a route kept rendered, over the real server, the shipped routes and the
/// sandbox's simulators on loopback, with the services' clock moved by hand: a repeated request
/// is answered from the kept copy without a single upstream request, until the first of its
/// upstream answers goes stale or the quarter hour ends, and then worked out again.
@Suite("KeptRouteWeather", .serialized)
struct KeptRouteWeatherTests {
    static let path = "/api/weather/route/from/Bethesda,%20MD/to/Pittsburgh.json?day=1"

    /// Requests sent to the directions and weather upstreams so far.
    static func requests(_ app: WeatherApp.Parts) -> Int {
        app.metrics("osrm-route").latencyCount + app.metrics("yr-forecast").latencyCount
    }

    @Test("a repeated request is the kept copy, with its age, until a weather cell goes stale; then it is worked out again")
    func keptUntilTheFirstStaleAnswer() async throws {
        let clock = ManualWallClock(WeatherApp.instant)
        try await WeatherApp.with(clock: clock, weatherFresh: 300) { app in
            let first = try await app.live.get(Self.path)
            #expect(first.status == 200 && first.header("X-Cache") == "MISS" && first.header("Age") == "0")
            let asked = Self.requests(app)
            let cells = app.metrics("yr-forecast").latencyCount
            #expect(asked == cells + 1 && cells >= 4, "the directions, then one request per cell")
            let hits = app.metrics("yr-forecast").hits

            let again = try await app.live.get(Self.path)
            #expect(again.status == 200 && again.header("X-Cache") == "HIT" && again.header("Age") == "0")
            #expect(again.body == first.body)
            #expect(Self.requests(app) == asked)
            // A hit on the kept copy counts as a cache hit of every weather answer in it.
            #expect(app.metrics("yr-forecast").hits == hits + cells)

            clock.advance(seconds: 299)
            let late = try await app.live.get(Self.path)
            #expect(late.header("X-Cache") == "HIT" && late.header("Age") == "299" && late.header("Cache-Control") == "public, max-age=1")
            #expect(late.body == first.body && Self.requests(app) == asked)
            // The same request in XML is a copy of its own, worked out from the cells kept below.
            let xml = try await WeatherApp.get(app.live, "/api/weather/route/from/Bethesda,%20MD/to/Pittsburgh.xml?day=1")
            #expect(xml.status == 200 && xml.header("Content-Type")?.hasPrefix("application/xml") == true)
            #expect(Self.requests(app) == asked)

            // The cells go stale: each is asked again, and the answer made of stale ones is not kept.
            clock.advance(seconds: 1)
            let asked300 = app.weather.weather.upstreamRequests
            let stale = try await app.live.get(Self.path)
            #expect(stale.status == 200 && stale.header("X-Cache") == "STALE" && stale.header("Age") == "300")
            #expect(app.weather.weather.upstreamRequests == asked300 + cells)
            #expect(stale.body == first.body, "the simulators' forecast has not changed")
            #expect(stale.header("Cache-Control") == "public, max-age=600")
        }
    }

    @Test("kept at most until the quarter hour ends: the day and the hour a document shows move on")
    func keptUntilTheQuarterHour() async throws {
        let clock = ManualWallClock(WeatherApp.instant)
        try await WeatherApp.with(clock: clock) { app in
            #expect(try await app.live.get(Self.path).header("X-Cache") == "MISS")
            let asked = Self.requests(app)
            let cells = app.metrics("yr-forecast").latencyCount
            // 15:00:00Z: the copy is kept until 15:15, before yr's answers go stale (30 minutes).
            clock.advance(seconds: 899)
            let kept = try await app.live.get(Self.path)
            #expect(kept.header("X-Cache") == "HIT" && kept.header("Cache-Control") == "public, max-age=1")
            let hits = app.metrics("yr-forecast").hits
            clock.advance(seconds: 1)
            let again = try await app.live.get(Self.path)
            // Worked out again from the cells and the route kept below (no upstream request, and no
            // kept-copy hit counted for the weather), fresh until 15:30, so 10 minutes for clients.
            #expect(again.status == 200 && again.header("X-Cache") == "HIT" && again.header("Cache-Control") == "public, max-age=600")
            #expect(app.metrics("yr-forecast").hits == hits && Self.requests(app) == asked)
            #expect(again.body == kept.body)
            // …and kept again.
            _ = try await app.live.get(Self.path)
            #expect(app.metrics("yr-forecast").hits == hits + cells)
        }
    }

    @Test("the map is kept as the document is, with its own headers")
    func mapsAreKept() async throws {
        let clock = ManualWallClock(WeatherApp.instant)
        try await WeatherApp.with(clock: clock) { app in
            let path = "/api/weather/route/from/Bethesda,%20MD/to/Pittsburgh.svg?day=1"
            let first = try await app.live.get(path)
            #expect(first.status == 200 && first.header("X-Cache") == "MISS" && first.header("Content-Type") == "image/svg+xml")
            let asked = Self.requests(app)
            clock.advance(seconds: 60)
            let again = try await app.live.get(path)
            #expect(again.status == 200 && again.header("X-Cache") == "HIT" && again.header("Age") == "60")
            #expect(again.body == first.body && again.header("Content-Type") == "image/svg+xml")
            #expect(again.header("Content-Security-Policy") == WeatherEndpoints.mapContentSecurityPolicy && again.header("X-Content-Type-Options") == "nosniff")
            #expect(again.header("Cache-Control") == "public, max-age=600")
            #expect(Self.requests(app) == asked)
            // The document of the same query is a copy of its own.
            let document = try await app.live.get(Self.path)
            #expect(document.header("Content-Type")?.hasPrefix("application/json") == true)
        }
    }

    @Test("a stream is worked out each time, kept copy or not")
    func streamsAreNotKept() async throws {
        try await WeatherApp.with { app in
            #expect(try await app.live.get(Self.path).status == 200)
            #expect(try await app.live.get(Self.path).header("X-Cache") == "HIT")
            let streamed = try await offPool { try HTTPTestClient().stream(app.live.base + Self.path, headers: [("Accept", "text/event-stream")]) }
            let events = ServerSentEvents(streamed.body).events
            #expect(streamed.header("Content-Type") == "text/event-stream; charset=utf-8")
            #expect(events.contains { $0.name == "progress" } && events.contains { $0.name == "place" } && events.last?.name == "done")
        }
    }

    @Test("a document with a row's error is never kept: the row is asked again, the others' cells are not")
    func partialAnswersAreNotKept() async throws {
        // NWS forecasts only the United States: Buffalo → Toronto's Canadian rows have no weather.
        try await WeatherApp.with(weather: .nws) { app in
            let path = "/api/weather/route/from/Buffalo,%20NY/to/Toronto.json?day=1&every=20"
            let first = try await app.live.get(path)
            #expect(first.status == 200 && first.text.contains("\"error\""))
            let asked = app.weather.weather.upstreamRequests
            let again = try await app.live.get(path)
            #expect(again.status == 200 && again.body == first.body)
            let failedCells = app.weather.weather.upstreamRequests - asked
            #expect(failedCells > 0 && failedCells < asked, "only the failed rows' cells are asked again")
            // Each request asks each failed cell once, however many of its places come after the failure.
            let places = try #require(((try JSONSerialization.jsonObject(with: Data(first.body)) as? [String: Any])?["routeweather"] as? [String: Any])?["places"] as? [[String: Any]])
            let cells = Set(places.filter { $0["error"] != nil }.compactMap { place -> GridCell? in
                guard let lat = place["lat"] as? Double, let lon = place["lon"] as? Double else { return nil }
                return GridCell(latitude: lat, longitude: lon)
            })
            #expect(!cells.isEmpty && failedCells == cells.count, "\(failedCells) asked again for \(cells.count) failed cells")
        }
    }

    @Test("errors are not kept and keep their own caching")
    func errorsAreNotKept() async throws {
        try await WeatherApp.with { app in
            for _ in 0..<2 {
                let unknown = try await app.live.get("/api/weather/route/from/Bethseda/to/90210")
                #expect(unknown.status == 404 && unknown.header("X-Cache") == nil && unknown.header("Cache-Control") == "public, max-age=3600")
            }
        }
    }
}
