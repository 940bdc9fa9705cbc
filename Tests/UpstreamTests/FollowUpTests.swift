#if canImport(Glibc)
import Glibc
#endif
import Fetch
import HTTPTesting
import Scrape
import Server
import Store
import Synchronization
import Testing
@testable import Upstream
import Kernel

/// A route's follow-up request (api.weather.gov's points, then the forecast they name) over a
/// loopback stand-in: the records of both come back together, each answer is kept for its own
/// route's time, and an address on another host is never asked.
@Suite("Follow-up requests", .serialized)
struct FollowUpTests {
    /// Answers `/points?host=` with the address of its forecast on that host, and `/forecast`
    /// with one period; counts the requests to each.
    final class StandIn: Sendable {
        let loopback: LoopbackServer
        var port: Int { loopback.port }
        private let counts = Counts()

        final class Counts: Sendable {
            let points = Atomic<Int>(0)
            let forecasts = Atomic<Int>(0)
            let port = Atomic<Int>(0)
        }

        var points: Int { counts.points.load(ordering: .relaxed) }
        var forecasts: Int { counts.forecasts.load(ordering: .relaxed) }

        init() throws {
            let counts = counts
            let json: @Sendable (String) -> Response = { text in
                Response(status: 200, headers: HTTPHeaders([("Content-Type", "application/json")]), body: .bytes(Array(text.utf8)), cache: .noStore)
            }
            loopback = try LoopbackServer([
                Server.Route("GET", "/points", summary: "points") { request in
                    counts.points.add(1, ordering: .relaxed)
                    let host = request.query.first("host") ?? "127.0.0.1"
                    let address = host == "none" ? "" : "http://\(host):\(counts.port.load(ordering: .relaxed))/forecast"
                    return json(#"{"properties":{"city":"Here","forecast":"\#(address)"}}"#)
                },
                Server.Route("GET", "/forecast", summary: "forecast") { _ in
                    counts.forecasts.add(1, ordering: .relaxed)
                    return json(#"{"periods":[{"t":"4"},{"t":"5"}]}"#)
                },
            ])
            counts.port.store(loopback.port, ordering: .relaxed)
        }
    }

    /// The two routes, in a folder of their own.
    static func catalog() throws -> RouteCatalog {
        let routes = [
            "points": """
                <route id="points" domain="weather" upstream="chain">
                  <summary>Points.</summary>
                  <parameters><parameter name="port" required="true"/><parameter name="host" default="127.0.0.1"/></parameters>
                  <request method="GET" url="http://127.0.0.1:{port}/points?host={host}"/>
                  <response format="json"/>
                  <cache fresh="86400" stale-while-revalidate="0" stale-if-error="0"/>
                  <extract><record name="point" list="point" each="/json/properties"><field name="city" xpath="city"/><field name="forecast" xpath="forecast"/></record></extract>
                  <follow route="forecast" parameter="address" list="point" field="forecast"/>
                </route>
                """,
            "forecast": """
                <route id="forecast" domain="weather" upstream="chain">
                  <summary>Forecast.</summary>
                  <parameters><parameter name="address" required="true" type="url" hosts="127.0.0.1"/></parameters>
                  <request method="GET" url="{address}"/>
                  <response format="json"/>
                  <cache fresh="60" stale-while-revalidate="0" stale-if-error="0"/>
                  <extract><record name="period" list="periods" each="/json/periods"><field name="t" xpath="t" normalize="int"/></record></extract>
                </route>
                """,
        ]
        return try TemporaryRoutes.catalog(routes)
    }

    final class Lines: Sendable {
        let lines = Mutex<[String]>([])
        func add(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    @Test func theFollowUpsRecordsComeWithTheFirstAndEachIsKeptForItsOwnTime() async throws {
        let upstream = try StandIn()
        defer { Task { [upstream] in await upstream.loopback.shutdown() } }
        let clock = TestClock()
        let catalog = try Self.catalog()
        let upstreams = try Upstreams(catalog: catalog, fetcher: try CurlFetcher(), cache: MemoryCache(now: { clock.now }), now: { clock.now })
        let points = try #require(catalog["points"])
        let answer = try await upstreams.extract(points, parameters: ["port": "\(upstream.port)"])
        guard case .success(let lists) = answer.extraction.outcome else {
            Issue.record("expected records, got \(answer.extraction.outcome)")
            return
        }
        #expect(lists.map(\.node).map { $0.name } == ["point", "periods"])
        #expect(answer.extraction.route == "points")
        #expect(answer.provenance.source == .miss)
        #expect((upstream.points, upstream.forecasts) == (1, 1))

        // The forecast expires first: only it is asked again, and the answer is as old as its older part.
        clock.advance(seconds: 90)
        let later = try await upstreams.extract(points, parameters: ["port": "\(upstream.port)"])
        #expect((upstream.points, upstream.forecasts) == (1, 2))
        #expect(later.provenance.source == .miss)
        #expect(later.provenance.age == 90)
        clock.advance(seconds: 30)
        let hit = try await upstreams.extract(points, parameters: ["port": "\(upstream.port)"])
        #expect(hit.provenance.source == .hit)
        #expect((upstream.points, upstream.forecasts) == (1, 2))
    }

    @Test func anAddressOnAnotherHostIsNeverAsked() async throws {
        let upstream = try StandIn()
        defer { Task { [upstream] in await upstream.loopback.shutdown() } }
        let lines = Lines()
        let catalog = try Self.catalog()
        let upstreams = try Upstreams(catalog: catalog, fetcher: try CurlFetcher(), cache: MemoryCache(), log: { lines.add($0) })
        let points = try #require(catalog["points"])
        // localhost is this machine too, but not the host the follow-up allows.
        await #expect {
            _ = try await upstreams.extract(points, parameters: ["port": "\(upstream.port)", "host": "localhost"])
        } throws: { error in
            let failure = error as? UpstreamFailure
            return failure?.code == "upstream_foreign_host" && failure?.upstream == "chain"
        }
        #expect(upstream.forecasts == 0)
        #expect(lines.all.contains { $0.hasPrefix("chain: upstream_foreign_host") && $0.contains("localhost") })
        // An answer without the address is an upstream error, not a request to nowhere.
        await #expect {
            _ = try await upstreams.extract(points, parameters: ["port": "\(upstream.port)", "host": "none"])
        } throws: { error in (error as? UpstreamFailure)?.code == "upstream_error" }
        #expect(upstream.forecasts == 0)
        // Nor can a client name an address of its own for the follow-up route.
        let forecast = try #require(catalog["forecast"])
        await #expect {
            _ = try await upstreams.extract(forecast, parameters: ["address": "http://localhost:\(upstream.port)/forecast"])
        } throws: { error in
            let failure = error as? UpstreamFailure
            return failure?.code == "invalid_parameter"
        }
        #expect(upstream.forecasts == 0)
    }

    @Test func addressesAreAbsoluteHTTPWithAHostAndNothingHidden() {
        #expect(Address("https://api.weather.gov/gridpoints/LWX/97,71/forecast")?.host == "api.weather.gov")
        #expect(Address("HTTP://API.weather.gov:443/x")?.host == "api.weather.gov")
        #expect(Address("http://[::1]:8080/x")?.host == "[::1]")
        for bad in ["file:///etc/passwd", "gopher://x/", "//api.weather.gov/x", "http://", "http://user@evil/x", "http://a b/",
                    "http://api.weather.gov/\n", "javascript:alert(1)", "http://x/" + String(repeating: "a", count: 3000), ""] {
            #expect(Address(bad) == nil, "\(bad)")
        }
    }
}

/// A server error whose body the route's error rules read keeps the upstream's own words.
@Suite("Server errors read by the route", .serialized)
struct ServerErrorBodyTests {
    @Test func searchChsMessageSurvivesItsHTTP500() async throws {
        let routes = FollowUpTests.repositoryRoutes
        let body = try Files.read(routes + "/opendata-connections/samples/error-500-incomplete-route.json")
        let upstream = try StandInUpstream(body: body, contentType: "application/json", status: 500)
        defer { Task { [upstream] in await upstream.shutdown() } }
        var policy = UpstreamPolicy()
        policy.origin = upstream.base
        let catalog = try RouteCatalog.load(from: routes)
        let upstreams = try Upstreams(catalog: catalog, fetcher: try CurlFetcher(), cache: MemoryCache(), policies: ["opendata": policy])
        let route = try #require(catalog["opendata-connections"])
        await #expect {
            _ = try await upstreams.extract(route, parameters: ["from": "Zürich HB", "to": "Baden"])
        } throws: { error in
            let failure = error as? UpstreamFailure
            return failure?.code == "upstream_error" && failure?.upstream == "opendata" && failure?.message.contains("Incomplete route description.") == true
        }
        // A 500 that says nothing the route reads stays the plain server error.
        upstream.answer(Array("<html>Internal Server Error</html>".utf8), status: 500)
        await #expect {
            _ = try await upstreams.extract(route, parameters: ["from": "Zürich HB", "to": "Bern"])
        } throws: { error in (error as? UpstreamFailure)?.message == "opendata failed (HTTP 500)." }
    }
}

extension FollowUpTests {
    static let repositoryRoutes: String = {
        var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/") + "/Routes"
    }()
}
