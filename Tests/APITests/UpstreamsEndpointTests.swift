import Fetch
import Foundation
import HTTPTesting
import Scrape
import Store
import Testing
@testable import API
import Upstream
import Kernel

/// `/api/upstreams` on the real server, after real exchanges with a loopback stand-in: last
/// success and failure, the breaker, fill rates dropping when the answers lose a field, and a
/// token sent but never shown.
@Suite("Upstreams endpoint", .serialized)
struct UpstreamsEndpointTests {
    /// A routes folder with one route, `board` (upstream `board`): journeys with a time, a line and stops.
    final class BoardRoutes: Sendable {
        let directory: String

        init() throws {
            directory = NSTemporaryDirectory() + "gottago-board-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: directory + "/board", withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: TestRoutes.shipped + "/route.rng", toPath: directory + "/route.rng")
            try Data("""
                <route id="board" domain="departures" upstream="board">
                  <summary>A board.</summary>
                  <parameters><parameter name="key" default="a"/></parameters>
                  <canary><param name="key">canary</param></canary>
                  <request method="GET" url="http://board.invalid/board?key={key}"/>
                  <response format="xml"/>
                  <cache fresh="60" stale-while-revalidate="0" stale-if-error="0"/>
                  <extract>
                    <record name="journey" list="journeys" each="/b/j">
                      <field name="time" xpath="@t" required="true"/>
                      <field name="line" xpath="@line"/>
                      <record name="stop" list="stops" each="s"><field name="name" xpath="@n"/></record>
                    </record>
                  </extract>
                </route>
                """.utf8).write(to: URL(fileURLWithPath: directory + "/board/route.xml"))
        }

        deinit { try? FileManager.default.removeItem(atPath: directory) }
    }

    static let withLines = Array(#"<b><j t="1" line="S1"><s n="Bern"/></j><j t="2" line="S2"><s n="Thun"/></j></b>"#.utf8)
    static let withoutLines = Array(#"<b><j t="3"><s n="Bern"/></j></b>"#.utf8)

    func withApp(policy: (inout UpstreamPolicy) -> Void = { _ in }, _ body: (LiveApp, StandInUpstream, TestClock) async throws -> Void) async throws {
        let routes = try BoardRoutes()
        let upstream = try StandInUpstream(body: Self.withLines, contentType: "application/xml")
        let clock = TestClock()
        var settings = UpstreamPolicy()
        settings.origin = upstream.base
        settings.breakerThreshold = 3
        policy(&settings)
        do {
            let upstreams = try Upstreams(
                catalog: try RouteCatalog.load(from: routes.directory), fetcher: try CurlFetcher(), cache: MemoryCache(now: { clock.now }),
                policies: ["board": settings], now: { clock.now })
            try await LiveApp.with(upstreams: upstreams) { live in try await body(live, upstream, clock) }
            await upstream.shutdown()
        } catch {
            await upstream.shutdown()
            throw error
        }
    }

    /// The `board` upstream of `/api/upstreams.json`, after checking the XML form against the schema.
    func board(_ live: LiveApp) async throws -> [String: Any] {
        let xml = try await live.get("/api/upstreams")
        #expect(xml.status == 200)
        #expect(xml.header("Cache-Control") == "no-store")
        #expect(try await XMLSchemaCheck.validate(xml.body, schema: UpstreamsSchema.file.xsd) == nil)
        let json = try await live.get("/api/upstreams.json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.body)) as? [String: Any])
        let list = try #require(object["upstreams"] as? [[String: Any]])
        return try #require(list.first { $0["name"] as? String == "board" })
    }

    func fields(_ upstream: [String: Any]) -> [String: Int] {
        let route = (upstream["routes"] as? [[String: Any]])?.first ?? [:]
        var percents: [String: Int] = [:]
        for field in route["fields"] as? [[String: Any]] ?? [] {
            percents["\(field["list"] ?? "")/\(field["name"] ?? "")"] = field["percent"] as? Int ?? -1
        }
        return percents
    }

    @Test("before any exchange: the settings, a closed breaker, no success or failure, fields without a rate")
    func beforeAnyExchange() async throws {
        try await withApp { live, _, _ in
            let board = try await board(live)
            #expect((board["roles"] as? [Any])?.isEmpty == true)
            let origin = board["origin"] as? [String: Any]
            #expect(origin?["kind"] as? String == "live")
            #expect((origin?["hosts"] as? [String])?.first?.hasPrefix("127.0.0.1:") == true)
            let politeness = board["politeness"] as? [String: Any]
            #expect(politeness?["max_concurrent"] as? Int == 8)
            #expect(politeness?["rate"] as? Int == 10)
            #expect(politeness?["breaker_threshold"] as? Int == 3)
            #expect(politeness?["connect_timeout"] as? Int == 2)
            #expect(politeness?["timeout"] as? Int == 10)
            #expect((board["breaker"] as? [String: Any])?["state"] as? String == "closed")
            #expect(board["last_success"] == nil && board["last_failure"] == nil)
            let route = (board["routes"] as? [[String: Any]])?.first
            #expect(route?["answers"] as? Int == 0)
            #expect(((route?["cache"] as? [String: Any])?["fresh"]) as? Int == 60)
            #expect(fields(board) == ["journeys/time": -1, "journeys/line": -1, "journeys/stops/name": -1])
        }
    }

    @Test("fill rates fall when the upstream's answers lose a field, down to 0 % once the window holds only those")
    func fillRatesDrop() async throws {
        // 52 requests at one instant of the test clock: a budget for them all.
        try await withApp(policy: { $0.burst = 100 }) { live, upstream, clock in
            #expect(try await live.get("/api/routes/board/result?key=0").status == 200)
            let full = try await board(live)
            #expect(fields(full) == ["journeys/time": 100, "journeys/line": 100, "journeys/stops/name": 100])
            let success = try #require(full["last_success"] as? [String: Any])
            #expect(success["code"] as? String == "ok")
            #expect(success["status"] as? Int == 200)
            #expect(success["time"] as? String == ZonedTime.iso8601(atUTC: clock.now / 1000, in: .utc))

            upstream.answer(Self.withoutLines)
            #expect(try await live.get("/api/routes/board/result?key=1").status == 200)
            // 2 of 3 journeys had a line.
            #expect(fields(try await board(live))["journeys/line"] == 66)
            for key in 2...50 {
                #expect(try await live.get("/api/routes/board/result?key=\(key)").status == 200)
            }
            let changed = try await board(live)
            #expect(fields(changed) == ["journeys/time": 100, "journeys/line": 0, "journeys/stops/name": 100])
            let route = (changed["routes"] as? [[String: Any]])?.first
            #expect(route?["answers"] as? Int == 50)
            // The page still parsed: no failure, however empty the field.
            #expect(changed["last_failure"] == nil)
        }
    }

    @Test("failures: the upstream's status or the error code, the time, and the breaker opening")
    func failures() async throws {
        try await withApp { live, upstream, clock in
            #expect(try await live.get("/api/routes/board/result?key=0").status == 200)
            upstream.answer(Array("oops".utf8), status: 500)
            clock.advance(seconds: 5)
            #expect(try await live.get("/api/routes/board/result?key=1").status == 502)
            var upstreamState = try await board(live)
            let failure = try #require(upstreamState["last_failure"] as? [String: Any])
            #expect(failure["code"] as? String == "upstream_error")
            #expect(failure["status"] as? Int == 500)
            #expect(failure["time"] as? String == ZonedTime.iso8601(atUTC: clock.now / 1000, in: .utc))
            #expect((upstreamState["breaker"] as? [String: Any])?["failures"] as? Int == 1)
            // The last success stays as it was.
            #expect((upstreamState["last_success"] as? [String: Any])?["status"] as? Int == 200)

            upstream.answer(Array("not a document <<<".utf8), status: 200)
            #expect(try await live.get("/api/routes/board/result?key=2").status == 502)
            upstreamState = try await board(live)
            #expect((upstreamState["last_failure"] as? [String: Any])?["code"] as? String == "malformed_response")
            #expect((upstreamState["last_failure"] as? [String: Any])?["status"] as? Int == 200)
            #expect(try await live.get("/api/routes/board/result?key=3").status == 502)
            upstreamState = try await board(live)
            #expect((upstreamState["breaker"] as? [String: Any])?["state"] as? String == "open")
            clock.advance(seconds: 30)
            #expect((try await board(live)["breaker"] as? [String: Any])?["state"] as? String == "half-open")
        }
    }

    @Test("a token goes to the upstream as a bearer header and appears in neither form of the document")
    func tokenHidden() async throws {
        let token = "secret-\(UUID().uuidString)"
        try await withApp(policy: { $0.secretHeader = .bearer(token) }) { live, upstream, _ in
            #expect(try await live.get("/api/routes/board/result").status == 200)
            #expect(upstream.lastAuthorization == "Bearer \(token)")
            for target in ["/api/upstreams", "/api/upstreams.json", "/api/routes", "/api/routes.json"] {
                let response = try await live.get(target)
                #expect(response.status == 200)
                #expect(!response.text.contains(token), "\(target)")
            }
        }
    }

    @Test("/api/routes marks the retired routes with their year, or true when it is not known; one that cannot answer is not listed")
    func retiredRoutes() async throws {
        let catalog = try RouteCatalog.load(from: TestRoutes.shipped)
        // Every retired upstream but bart-legacy is sent to an origin, as to the sandbox's
        // simulator; bart-legacy's own host no longer answers, so its route is not offered.
        var simulated = UpstreamPolicy()
        simulated.origin = "http://127.0.0.1:9"
        let policies = Dictionary(
            catalog.routes.filter { $0.retired != nil && $0.upstream != "bart-legacy" }.map { ($0.upstream, simulated) }, uniquingKeysWith: { a, _ in a })
        let upstreams = try Upstreams(catalog: catalog, fetcher: try CurlFetcher(), cache: MemoryCache(), policies: policies)
        try await LiveApp.with(upstreams: upstreams) { live in
            let response = try await live.get("/api/routes.json")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
            let routes = try #require(object["routes"] as? [[String: Any]])
            let retired = Dictionary(uniqueKeysWithValues: routes.compactMap { route in
                (route["retired"] as? String).map { (route["id"] as? String ?? "", $0) }
            })
            #expect(retired["hafas-extxml-connections"] == "2021")
            #expect(retired["google-weather"] == "2012")
            #expect(retired["bahn-mobile-connections"] == "2025")
            #expect(retired["ojp-trips"] == nil && retired["google-directions"] == nil && retired["nws-dwml"] == nil)
            #expect(retired.count == 9)
            #expect(routes.count == catalog.routes.count - 1 && !routes.contains { $0["id"] as? String == "bart-eta-legacy" })
            let gone = try await live.get("/api/routes/bart-eta-legacy/result")
            #expect(gone.status == 404 && gone.text.contains("<code>unknown_route</code>"))
            let xml = try await live.get("/api/routes")
            #expect(xml.text.contains("<id>yr-forecast</id>"))
            #expect(xml.text.contains("</parameters><retired>2022</retired></route>"))
            // Every upstream of the shipped routes is listed, each valid against the schema.
            let upstreamsXML = try await live.get("/api/upstreams")
            #expect(try await XMLSchemaCheck.validate(upstreamsXML.body, schema: UpstreamsSchema.file.xsd) == nil)
            #expect(upstreamsXML.text.contains("<name>hafas-extxml</name>"))
            #expect(upstreamsXML.text.contains("<retired>2021</retired>"))
            let schema = try await live.get("/api/schema/upstreams.xsd")
            #expect(schema.status == 200 && schema.text == UpstreamsSchema.file.xsd)
        }
        // With a simulator standing in for it, bart-eta-legacy is listed, retired in a year not known.
        let all = try Upstreams(
            catalog: catalog, fetcher: try CurlFetcher(), cache: MemoryCache(), policies: policies.merging([("bart-legacy", simulated)]) { a, _ in a })
        try await LiveApp.with(upstreams: all) { live in
            #expect(try await live.get("/api/routes").text.contains("<id>bart-eta-legacy</id>"))
            let json = try await live.get("/api/routes.json").text
            #expect(json.contains(#""id":"bart-eta-legacy""#) && json.contains(#""retired":"true"}"#))
        }
    }
}
