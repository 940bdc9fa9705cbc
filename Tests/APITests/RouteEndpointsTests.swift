import Fetch
import Foundation
import Scrape
import HTTPTesting
import Store
import Testing
@testable import API
import Upstream

/// `/api/routes/{id}/result` on the real server, through the upstream layer to the loopback test
/// upstream: cache headers, stale answers, error mapping, bad input.
@Suite("Route endpoints", .serialized)
struct RouteEndpointsTests {
    /// The app with the test route's upstream pointed at the test upstream.
    func withApp(
        cache: (any CacheDriver)? = nil, policy: (inout UpstreamPolicy) -> Void = { _ in },
        _ body: (LiveApp, TestUpstream, TestClock) async throws -> Void
    ) async throws {
        try await withApp(cache: cache, policy: policy) { live, upstream, clock, _ in try await body(live, upstream, clock) }
    }

    /// The same, with the upstreams, to wait for their background refreshes.
    func withApp(
        cache: (any CacheDriver)? = nil, policy: (inout UpstreamPolicy) -> Void = { _ in },
        _ body: (LiveApp, TestUpstream, TestClock, Upstreams) async throws -> Void
    ) async throws {
        let routes = try TestRoutes()
        try await TestUpstream.with { upstream in
            let clock = TestClock()
            var settings = UpstreamPolicy()
            settings.origin = upstream.base
            policy(&settings)
            let upstreams = try Upstreams(
                catalog: try routes.catalog(), fetcher: try CurlFetcher(), cache: cache ?? MemoryCache(now: { clock.now }),
                policies: ["test-feed": settings], now: { clock.now })
            try await LiveApp.with(upstreams: upstreams) { live in try await body(live, upstream, clock, upstreams) }
        }
    }

    @Test("a miss, then hits with Age and a shrinking max-age; XML and JSON alike")
    func missThenHit() async throws {
        try await withApp { live, upstream, clock in
            let first = try await live.get("/api/routes/feed/result")
            #expect(first.status == 200)
            #expect(first.header("X-Cache") == "MISS")
            #expect(first.header("Age") == "0")
            // The route's own freshness (45 s), not the upstream's default (60 s).
            #expect(first.header("Cache-Control") == "public, max-age=45")
            #expect(first.text.hasSuffix(#"<result route="feed"><items><item><n>1</n></item></items></result>"#))
            clock.advance(seconds: 30)
            let second = try await live.get("/api/routes/feed/result")
            #expect(second.header("X-Cache") == "HIT")
            #expect(second.header("Age") == "30")
            #expect(second.header("Cache-Control") == "public, max-age=15")
            #expect(second.body == first.body)
            #expect(second.header("ETag") == first.header("ETag"))
            let json = try await live.get("/api/routes/feed/result.json")
            #expect(json.header("X-Cache") == "HIT")
            #expect(json.text == #"{"result":{"route":"feed","items":[{"n":"1"}]}}"#)
            // The same parameters written differently (the default spelled out) are the same upstream request.
            let spelled = try await live.get("/api/routes/feed/result?ms=0&key=a")
            #expect(spelled.header("X-Cache") == "HIT")
            #expect(spelled.body == first.body)
            #expect(upstream.hits.value == 1)
        }
    }

    @Test("past freshness: the stale answer at once, marked in headers and document; one refresh")
    func staleWhileRevalidate() async throws {
        try await withApp { live, upstream, clock, upstreams in
            _ = try await live.get("/api/routes/feed/result?key=s")
            clock.advance(seconds: 75)
            let stale = try await live.get("/api/routes/feed/result?key=s")
            #expect(stale.status == 200)
            #expect(stale.header("X-Cache") == "STALE")
            #expect(stale.header("Age") == "75")
            #expect(stale.header("Cache-Control") == "no-cache")
            #expect(stale.text.contains(#"<result route="feed" stale="true" age="75"><items><item><n>1</n>"#))
            await upstreams.settled()
            #expect(upstream.hits.value == 2)
            let fresh = try await live.get("/api/routes/feed/result?key=s")
            #expect(fresh.header("X-Cache") == "HIT")
            #expect(fresh.header("Age") == "0")
            #expect(fresh.text.contains("<n>2</n>"))
            #expect(!fresh.text.contains("stale"))
            #expect(upstream.hits.value == 2)
        }
    }

    @Test("the upstream failing past revalidation: the last good answer within stale-if-error")
    func staleIfError() async throws {
        try await withApp { live, upstream, clock in
            _ = try await live.get("/api/routes/feed/result?key=e")
            clock.advance(seconds: 460)
            upstream.feedStatus.value = 500
            let stale = try await live.get("/api/routes/feed/result.json?key=e")
            #expect(stale.status == 200)
            #expect(stale.header("X-Cache") == "STALE")
            #expect(stale.text == #"{"result":{"route":"feed","stale":"true","age":"460","items":[{"n":"1"}]}}"#)
            clock.advance(seconds: 3600)
            let gone = try await live.get("/api/routes/feed/result.json?key=e")
            #expect(gone.status == 502)
            let problem = try JSONSerialization.jsonObject(with: Data(gone.body)) as? [String: Any]
            #expect(problem?["code"] as? String == "upstream_error")
            #expect(problem?["upstream"] as? String == "test-feed")
        }
    }

    @Test("upstream failures become error documents naming the upstream; the service stays healthy")
    func failures() async throws {
        // The timeout alone is short: the other answers must come in time however loaded the machine.
        try await withApp(policy: { $0.totalTimeout = 0.5 }) { live, _, _ in
            let slow = try await live.get("/api/routes/feed/result?key=f2&ms=30000")
            #expect(slow.status == 504)
            #expect(slow.text.contains("<code>upstream_timeout</code>"))
        }
        try await withApp(policy: { $0.totalTimeout = 60; $0.breakerThreshold = 100 }) { live, _, clock in
            let broken = try await live.get("/api/routes/feed/result?key=f1&status=500")
            #expect(broken.status == 502)
            #expect(broken.text.hasSuffix(
                "<error><status>502</status><code>upstream_error</code><message>test-feed failed (HTTP 500).</message><upstream>test-feed</upstream></error>"))
            #expect(broken.header("X-Cache") == nil)
            let garbage = try await live.get("/api/routes/feed/result?key=f3&path=garbage")
            #expect(garbage.status == 502)
            #expect(garbage.text.contains("<code>malformed_response</code>"))
            let paused = try await live.get("/api/routes/feed/result?key=f4&status=503&retry_after=7")
            #expect(paused.status == 503)
            #expect(paused.header("Retry-After") == "7")
            #expect(paused.text.contains("<code>upstream_paused</code>"))
            // Paused: the next requests are refused without asking the upstream, with the upstream's
            // code (not our own rate budget's) and a Retry-After counting down to the pause's end.
            for (elapsed, left) in [(0.0, "7"), (4.0, "3")] {
                clock.advance(seconds: elapsed)
                let refused = try await live.get("/api/routes/feed/result?key=f5")
                #expect(refused.status == 503)
                #expect(refused.header("Retry-After") == left)
                #expect(refused.text.contains("<code>upstream_paused</code>"))
            }
            // The same on a raw socket, byte for byte as a client reads it.
            let request = Array("GET /api/routes/feed/result?key=f6 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8)
            let raw = try await offPool { [port = live.port] in try RawHTTP.exchange(port: port, request: request) }
            #expect(raw.status == 503)
            #expect(raw.header("Retry-After") == "3")
            #expect(String(decoding: raw.body, as: UTF8.self).hasSuffix(
                "<error><status>503</status><code>upstream_paused</code><message>test-feed asks us to slow down; try again later.</message>"
                    + "<upstream>test-feed</upstream></error>"))
            #expect(try await live.get("/healthz").status == 200)
            #expect(try await live.get("/readyz").status == 200)
        }
    }

    @Test("garbage bytes in place of an HTTP response: a 502 that says so")
    func notHTTP() async throws {
        let faults = try FaultServer()
        defer { faults.stop() }
        try await withApp(policy: { $0.origin = faults.base }) { live, _, _ in
            let response = try await live.get("/api/routes/feed/result?key=g&path=not-http")
            #expect(response.status == 502)
            #expect(response.text.hasSuffix(
                "<error><status>502</status><code>upstream_error</code><message>test-feed answered with something that is not HTTP.</message>"
                    + "<upstream>test-feed</upstream></error>"))
        }
    }

    @Test("the breaker opens after repeated failures: 503 with Retry-After, no upstream request")
    func breaker() async throws {
        try await withApp(policy: { $0.breakerThreshold = 3; $0.breakerCooldown = 30 }) { live, upstream, _ in
            for index in 0..<3 {
                #expect(try await live.get("/api/routes/feed/result?key=b\(index)&status=500").status == 502)
            }
            let open = try await live.get("/api/routes/feed/result?key=b9")
            #expect(open.status == 503)
            #expect(open.text.contains("<code>upstream_unavailable</code><message>test-feed is failing"))
            #expect(open.header("Retry-After") == "30")
            #expect(upstream.hits.value == 3)
        }
    }

    @Test("bad input is a 4xx naming the problem, and nothing is fetched",
          arguments: [
              ("/api/routes/nope/result", 404, "unknown_route"),
              ("/api/routes/feed/result?colour=red", 400, "unknown_parameter"),
              ("/api/routes/feed/result?key=a&key=b", 400, "repeated_parameter"),
              ("/api/routes/feed/result?key=" + String(repeating: "x", count: 501), 400, "parameter_too_long"),
              ("/api/routes/feed/result?key=a%0Ab", 400, "control_character"),
              ("/api/routes/feed/result?key=%FF", 400, "invalid_utf8"),
            ("/api/routes/feed/result?key=a&pretty=yes", 400, "invalid_parameter"),
          ])
    func badInput(_ target: String, _ status: Int, _ code: String) async throws {
        try await withApp { live, upstream, _ in
            let response = try await live.get(target)
            #expect(response.status == status)
            #expect(response.text.contains("<code>\(code)</code>"))
            #expect(upstream.hits.value == 0)
        }
    }

    @Test("format and pretty are the endpoint's, not the route's: the route is asked with its own parameters only")
    func formatIsNotARouteParameter() async throws {
        try await withApp { live, upstream, _ in
            let response = try await live.get("/api/routes/feed/result?key=f1&format=json&pretty=1")
            #expect(response.status == 200)
            #expect(response.header("Content-Type")?.hasPrefix("application/json") == true)
            #expect(upstream.hits.value == 1)
        }
    }

    @Test("a missing required parameter is named")
    func missingParameter() async throws {
        let upstreams = try Upstreams(catalog: try RouteCatalog.load(from: TestRoutes.shipped), fetcher: try CurlFetcher(), cache: MemoryCache())
        try await LiveApp.with(upstreams: upstreams) { live in
            let response = try await live.get("/api/routes/osrm-route/result?from_lon=7.44")
            #expect(response.status == 400)
            #expect(response.text.contains("<code>missing_parameter</code><message>Parameter from_lat is required"))
        }
    }

    @Test("/api/routes lists the routes with their upstream and parameters")
    func list() async throws {
        try await withApp { live, _, _ in
            let response = try await live.get("/api/routes")
            #expect(response.status == 200)
            #expect(response.text.contains(
                "?><routes><route><id>feed</id><domain>departures</domain><upstream>test-feed</upstream><summary>The test upstream's feed.</summary>"
                    + "<path>/api/routes/feed/result</path><parameters><parameter><name>key</name><required>false</required><default>a</default>"))
            let json = try await live.get("/api/routes.json")
            #expect(json.text.hasPrefix(#"{"routes":[{"id":"feed","domain":"departures","upstream":"test-feed""#))
        }
    }

    @Test("/readyz and /metrics report the cache and every upstream")
    func readinessAndMetrics() async throws {
        try await withApp { live, _, _ in
            _ = try await live.get("/api/routes/feed/result?key=m")
            _ = try await live.get("/api/routes/feed/result.json?key=m")  // a hit in the cache
            _ = try await live.get("/api/routes/feed/result?key=m")  // a hit on the kept rendered answer
            let ready = try await live.get("/readyz")
            #expect(ready.text.hasSuffix("<ready><status>ready</status><cache><driver>memory</driver><status>ok</status></cache></ready>"))
            let text = try await live.get("/metrics").text
            #expect(text.contains(#"gottago_upstream_requests_total{upstream="test-feed",outcome="ok"} 1"#))
            #expect(text.contains(#"gottago_upstream_cache_total{upstream="test-feed",result="miss"} 1"#))
            #expect(text.contains(#"gottago_upstream_cache_total{upstream="test-feed",result="hit"} 2"#))
            #expect(text.contains(#"gottago_cache_degraded{driver="memory"} 0"#))
            // One TYPE line per metric, before its samples.
            let types = text.split(separator: "\n").filter { $0.hasPrefix("# TYPE ") }.map { $0.split(separator: " ")[2] }
            #expect(Set(types).count == types.count)
            #expect(types.contains("gottago_upstream_request_seconds"))
        }
    }

    @Test("Redis away: requests are still answered from the upstream, /readyz says degraded and stays 200")
    func redisAway() async throws {
        let port = try RedisServer.freePort()
        let endpoint = try RedisEndpoint(parsing: "redis://127.0.0.1:\(port)/0")
        let cache = FallbackCache(primary: RedisCache(endpoint: endpoint), memory: MemoryCache())
        try await withApp(cache: cache) { live, upstream, _ in
            let first = try await live.get("/api/routes/feed/result?key=r")
            #expect(first.status == 200)
            #expect(first.header("X-Cache") == "MISS")
            let ready = try await live.get("/readyz")
            #expect(ready.status == 200)
            #expect(ready.text.contains("<cache><driver>redis</driver><status>degraded</status><reason>redis"))
            #expect(try await live.get("/metrics").text.contains(#"gottago_cache_degraded{driver="redis"} 1"#))
            #expect(upstream.hits.value == 1)
        }
    }

    @Test("a client that leaves cancels the upstream fetch, unless another client waits for it")
    func clientGoneCancelsTheFetch() async throws {
        try await withApp { live, upstream, _ in
            // The upstream would take 3 s; the client gives up after 300 ms. The outcome is
            // `cancelled` only if the fetch was stopped before the upstream answered (then it is `ok`).
            let alone = live.base + "/api/routes/feed/result?key=gone&ms=3000"
            _ = try? await offPool { try HTTPTestClient().send("GET", alone, timeout: 0.3) }
            var text = try await live.get("/metrics").text
            while !text.contains(#"outcome="cancelled"} 1"#), !text.contains(#"outcome="ok"} 1"#) {
                await Task.yield()
                text = try await live.get("/metrics").text
            }
            #expect(text.contains(#"gottago_upstream_requests_total{upstream="test-feed",outcome="cancelled"} 1"#))
            #expect(!text.contains(#"outcome="ok""#), "answered before it was cancelled")
            #expect(upstream.hits.value == 1)

            // Two clients for one fetch: the one that leaves does not take it from the other.
            let shared = live.base + "/api/routes/feed/result?key=kept&ms=1000"
            async let patient = offPool { try HTTPTestClient().send("GET", shared, timeout: 10) }
            // The patient client's fetch is under way before the other one comes.
            while upstream.hits.value < 2 { await Task.yield() }
            _ = try? await offPool { try HTTPTestClient().send("GET", shared, timeout: 0.3) }
            let answer = try await patient
            #expect(answer.status == 200)
            #expect(answer.header("X-Cache") == "MISS")
            #expect(upstream.hits.value == 2)
            let after = try await live.get("/metrics").text
            #expect(after.contains(#"outcome="cancelled"} 1"#))
            #expect(after.contains(#"gottago_upstream_requests_total{upstream="test-feed",outcome="ok"} 1"#))
            #expect(try await live.get("/healthz").status == 200)
        }
    }

    @Test("clients waiting for one fetch all get the same bytes; only answers from the kept copy count as hits")
    func waitersShareOneRendering() async throws {
        try await withApp { live, upstream, _ in
            // Some requests may come after the fetch: they are hits, the others waited for it.
            let url = live.base + "/api/routes/feed/result?key=together&ms=300"
            let results = try await offPool { try ConcurrentRequests.run(urls: Array(repeating: url, count: 8)) }
            let answers = try results.map { try $0.get() }
            #expect(answers.allSatisfy { $0.status == 200 })
            #expect(Set(answers.map(\.body)).count == 1)
            #expect(Set(answers.compactMap { $0.header("ETag") }).count == 1)
            #expect(upstream.hits.value == 1)
            let hits = answers.filter { $0.header("X-Cache") == "HIT" }.count
            #expect(answers.filter { $0.header("X-Cache") == "MISS" }.count == answers.count - hits)
            let text = try await live.get("/metrics").text
            #expect(text.contains(#"gottago_upstream_cache_total{upstream="test-feed",result="hit"} \#(hits)"#))
        }
    }
}
