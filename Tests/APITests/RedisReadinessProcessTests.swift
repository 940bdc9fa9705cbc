import Foundation
import HTTPTesting
import Testing
@testable import Store

/// A `gottago` process on a real `redis-server` of its own, answering only hits from memory:
/// its readiness follows Redis, not the last request that reached it.
@Suite("gottago readiness over Redis", .serialized)
struct RedisReadinessProcessTests {
    /// The cache's part of `/readyz` in each state.
    static let ok = "<cache><driver>redis</driver><status>ok</status></cache>"
    static let degraded = "<cache><driver>redis</driver><status>degraded</status><reason>redis: "

    @Test("Redis killed, then restarted, while only hits are served: /readyz and gottago_cache_degraded follow within seconds, logged once each")
    func readinessFollowsRedis() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: ProcessTests.binary.path), "build the gottago product first")
        let routes = try TestRoutes()
        try await RedisServer.with { redis in
            try await TestUpstream.with { upstream in
                let (process, port, err) = try await ProcessTests().start([
                    "--log-format", "off", "--routes", routes.directory, "--timetable", "off", "--departures", "off", "--transit", "off", "--cache", redis.url,
                    // Fresh for the whole test: every later request is a hit on the answer kept in memory.
                    "--upstream", "test-feed origin=\(upstream.base) timeout=25 fresh=600",
                ])
                var stopped = false
                defer {
                    if !stopped {
                        try? process.signal(SIGTERM)
                        _ = try? process.wait()
                    }
                }
                let base = "http://127.0.0.1:\(port)"
                let target = "/api/routes/feed/result?key=readiness"
                #expect(try await Self.waitForCache(Self.ok, base: base))
                let warm = try await Self.get(base + target)
                #expect(warm.status == 200 && warm.header("X-Cache") == "MISS")
                let touched = try Self.keyspaceReads(redis)
                #expect(try await Self.get(base + target).header("X-Cache") == "HIT")
                #expect(try Self.keyspaceReads(redis) == touched, "a hit reached Redis: the test would not show the probe's work")

                redis.stop()
                #expect(try await Self.waitForCache(Self.degraded, base: base, hit: target), "never degraded without a request reaching Redis")
                #expect(try await Self.get(base + "/metrics").text.contains(#"gottago_cache_degraded{driver="redis"} 1"#))

                try await redis.restart()
                #expect(try await Self.waitForCache(Self.ok, base: base, hit: target), "never ok again without a request reaching Redis")
                #expect(try await Self.get(base + "/metrics").text.contains(#"gottago_cache_degraded{driver="redis"} 0"#))
                // The restarted Redis is empty: no request read from it (hits came from memory).
                #expect(try Self.keyspaceReads(redis) == 0)
                #expect(upstream.hits.value == 1)

                try process.signal(SIGTERM)
                #expect(try process.wait() == 0)
                stopped = true
                let log = String(decoding: try err.readToEnd(), as: UTF8.self).split(separator: "\n")
                // Once at start, once when Redis came back; once when it went, not at every probe.
                #expect(log.filter { $0.contains(" info cache redis: ok") }.count == 2, "\(log)")
                let down = log.filter { $0.contains(" warning cache redis: degraded (redis: ") }
                #expect(down.count == 1, "\(log)")
                #expect(down.first?.hasSuffix("; memory stands in") == true)
            }
        }
    }

    static func get(_ url: String) async throws -> TestResponse {
        try await offPool { try HTTPTestClient().send("GET", url) }
    }

    /// Polls `/readyz` until it holds `fragment`, for up to `ceiling`; asks for `hit` before each
    /// look, and expects a hit from memory each time.
    static func waitForCache(_ fragment: String, base: String, hit: String? = nil, ceiling: Duration = .seconds(30)) async throws -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + ceiling
        while clock.now < deadline {
            if let hit {
                let response = try await get(base + hit)
                #expect(response.status == 200 && response.header("X-Cache") == "HIT")
            }
            let ready = try await get(base + "/readyz")
            // Just started, the process may not be ready yet: it says so, and is asked again.
            let starting = hit == nil && ready.status == 503 && ready.text.contains("<code>not_ready</code>")
            #expect(ready.status == 200 || starting, "\(ready.text)")
            if ready.text.contains(fragment) { return true }
            try await Task.sleep(for: .milliseconds(100))
        }
        return false
    }

    /// Reads of keys Redis has answered since it started (`keyspace_hits` + `keyspace_misses`):
    /// every cache `GET` adds one; `PING` does not.
    static func keyspaceReads(_ server: RedisServer) throws -> Int {
        let connection = try RedisConnection(
            endpoint: RedisEndpoint(host: "127.0.0.1", port: server.port), connectTimeout: .seconds(1), commandTimeout: .seconds(1))
        let text = try connection.command(["INFO", "stats"]).text ?? ""
        return text.split(separator: "\r\n").reduce(0) { total, line in
            guard line.hasPrefix("keyspace_hits:") || line.hasPrefix("keyspace_misses:") else { return total }
            return total + (Int(line.split(separator: ":").last ?? "") ?? 0)
        }
    }
}
