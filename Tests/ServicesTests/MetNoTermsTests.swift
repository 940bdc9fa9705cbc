#if canImport(Glibc)
import Glibc
#endif
import Fetch
import HTTPTesting
import Kernel
import Foundation
import Model
import Scrape
import Server
import Services
import Store
import Synchronization
import Testing
import Upstream

/// The terms of api.met.no, kept by the shipped metno-forecast route and the upstream layer, checked
/// by a loopback stand-in that records every request: one request per `Expires` window,
/// `If-Modified-Since` with the last `Last-Modified` and a 304 honoured, the operator's contact in
/// the User-Agent, coordinates with four decimals.
@Suite("met.no terms", .serialized)
struct MetNoTermsTests {
    static let lastModified = "Fri, 06 Feb 2026 20:27:06 GMT"

    /// What the stand-in saw of one request.
    struct Seen: Sendable {
        let query: String
        let userAgent: String?
        let ifModifiedSince: String?
    }

    /// Answers the recorded Oslo forecast, `Expires` 50 minutes ahead of the real clock (the
    /// server's `Date` is the real clock too, and freshness is counted between the two), or 304
    /// when asked `If-Modified-Since` the last modification.
    final class StandIn: Sendable {
        let loopback: LoopbackServer
        var port: Int { loopback.port }
        private let requestLog = RequestLog()

        /// The requests seen, in order.
        final class RequestLog: Sendable {
            let seen = Mutex<[Seen]>([])
            func add(_ request: Seen) { seen.withLock { $0.append(request) } }
        }

        init(body: [UInt8]) throws {
            let seen = requestLog
            let handler: Server.Route.Handler = { request in
                let asked = request.headers["If-Modified-Since"]
                seen.add(Seen(query: String(request.rawQuery ?? ""), userAgent: request.headers["User-Agent"], ifModifiedSince: asked))
                let expires = Self.httpDate(Int64(Date().timeIntervalSince1970) + 3000)
                let headers = [("Expires", expires), ("Last-Modified", MetNoTermsTests.lastModified)]
                if asked == MetNoTermsTests.lastModified {
                    return Response(status: 304, headers: HTTPHeaders(headers), body: .bytes([]), cache: .noStore)
                }
                return Response(status: 200, headers: HTTPHeaders([("Content-Type", "application/json")] + headers), body: .bytes(body), cache: .noStore)
            }
            loopback = try LoopbackServer([Server.Route("GET", "/weatherapi/locationforecast/2.0/compact", summary: "met.no", readsRawQuery: true, handler: handler)])
        }

        var requests: [Seen] { requestLog.seen.withLock { $0 } }

        static func httpDate(_ seconds: Int64) -> String {
            HTTPDate.text(seconds)
        }
    }

    @Test func oneRequestPerExpiresWindowThenAConditionalOneThatA304Answers() async throws {
        let body = Array(try Data(contentsOf: URL(fileURLWithPath: "\(TimetableServiceTests.routes)/metno-forecast/samples/metno-locationforecast-2.0-compact-oslo-2026-02-06-magicmirror.json")))
        let upstream = try StandIn(body: body)
        defer { Task { [upstream] in await upstream.loopback.shutdown() } }
        var policy = UpstreamPolicy()
        policy.origin = "http://127.0.0.1:\(upstream.port)"
        var fetch = FetchConfiguration()
        fetch.userAgent = "gottago/1.0 (+ops@example.org)"
        let clock = ManualWallClock(1_770_409_626_000)
        let upstreams = try Upstreams(
            catalog: try RouteCatalog.load(from: TimetableServiceTests.routes), fetcher: try CurlFetcher(configuration: fetch), cache: MemoryCache(now: { clock.now }),
            policies: ["metno": policy], now: { clock.now })
        let weather = try WeatherService(upstreams: upstreams, provider: .metno, now: { clock.now })
        let oslo = Place(name: "Oslo", latitude: 59.913868, longitude: 10.752245, timeZone: "Europe/Oslo")

        let first = try await weather.forecast(for: oslo, today: "2026-02-06").get()
        #expect(first.forecast.days.first?.date == "2026-02-06")
        #expect(first.forecast.current?.temperature?.celsius == -5.8)
        #expect(upstream.requests.count == 1)
        let request = try #require(upstream.requests.first)
        #expect(request.query == "lat=59.9139&lon=10.7522")
        #expect(request.userAgent == "gottago/1.0 (+ops@example.org)")
        #expect(request.ifModifiedSince == nil)

        // Within the Expires window nobody asks again, not even for the next day, though the route's
        // own freshness (30 minutes) and stale-while-revalidate window (10) have passed.
        clock.advance(seconds: 45 * 60)
        _ = try await weather.forecast(for: oslo, today: "2026-02-06").get()
        _ = try await weather.forecast(for: oslo, today: "2026-02-07").get()
        #expect(upstream.requests.count == 1)

        // Past it and past the route's stale-while-revalidate window (so that the refresh is not in
        // the background), the request is conditional and the 304 keeps the forecast.
        clock.advance(seconds: 16 * 60)
        let refreshed = try await weather.forecast(for: oslo, today: "2026-02-07").get()
        #expect(upstream.requests.count == 2)
        #expect(upstream.requests.last?.ifModifiedSince == Self.lastModified)
        #expect(refreshed.forecast.days == first.forecast.days)
        #expect(refreshed.forecast.hours.count == 82)

        // The 304's Expires opens a new window.
        clock.advance(seconds: 45 * 60)
        _ = try await weather.forecast(for: oslo, today: "2026-02-08").get()
        #expect(upstream.requests.count == 2)
    }
}
