import API
import HTTPTesting
import Kernel
import Server
import Store
import Testing

/// The per-client limits end to end: real servers on loopback, a real Redis, and a clock the test moves.
@Suite struct ClientLimitsTests {
    static let start: Int64 = 1_800_000_000_000
    /// 10 requests per second with a burst of 2.
    static let rule = RateRule(rate: 10, burst: 2)

    /// Two instances share one Redis; one client sends 40 requests 50 ms apart (20/s for 2 s),
    /// alternating between them. GCRA at 10/s with a burst of 2 serves the first 3 and then every
    /// other one: 21 served, 19 refused — wherever each lands. Each answer's limit fields are
    /// the ones a single instance gives for the same schedule.
    @Test func twoInstancesShareOneLimit() async throws {
        try await RedisServer.shared { url in
            let clock = ManualWallClock(Self.start)
            let prefix = "test-\(UInt64.random(in: 0...UInt64.max)):"
            let stores = [0, 1].map { _ in RedisRateLimiter(endpoint: try! RedisEndpoint(parsing: url), prefix: prefix) }
            let single = try Application(
                server: ServerConfiguration(), api: Self.api(ClientLimits(anonymous: Self.rule, keys: nil, limiter: MemoryRateLimiter(), now: clock.reading)),
                log: ServerLog(sink: LogSink()))
            try await LiveApp.with(limits: ClientLimits(anonymous: Self.rule, keys: nil, limiter: stores[0], now: clock.reading)) { first in
                try await LiveApp.with(limits: ClientLimits(anonymous: Self.rule, keys: nil, limiter: stores[1], now: clock.reading)) { second in
                    var statuses: [Int] = []
                    for index in 0..<40 {
                        let instance = index % 2 == 0 ? first : second
                        let response = try await instance.get("/debug/fixed")
                        let reference = await single.responder.respond(to: Request(id: "r\(index)", method: "GET", target: "/debug/fixed"))
                        statuses.append(response.status)
                        #expect(response.status == reference.status, "request \(index)")
                        for name in ["RateLimit-Policy", "RateLimit", "X-Rate-Limit-Limit", "X-Rate-Limit-Remaining", "X-Rate-Limit-Reset", "Retry-After"] {
                            #expect(response.header(name) == reference.headers[name], "request \(index): \(name)")
                        }
                        clock.advance(milliseconds: 50)
                    }
                    #expect(statuses == (0..<40).map { $0 < 3 || $0 % 2 == 0 ? 200 : 429 })
                    #expect(statuses.count { $0 == 429 } == 19)
                    // Alone, each instance sees 10/s and would serve all its 20: the second one
                    // refuses because the first one's requests count against the same client.
                    #expect(statuses.enumerated().allSatisfy { $0.offset % 2 == 1 || $0.element == 200 })
                    #expect(statuses.enumerated().count { $0.offset % 2 == 1 && $0.element == 429 } == 19)
                }
            }
            for store in stores { await store.shutdown() }
        }
    }

    @Test func aRefusalIsA429DocumentWithRetryAfter() async throws {
        let clock = ManualWallClock(Self.start)
        try await LiveApp.with(limits: ClientLimits(anonymous: RateRule(rate: 1, burst: 1), keys: nil, limiter: MemoryRateLimiter(), now: clock.reading)) { (app: LiveApp) async throws in
            let served = try await app.get("/debug/fixed")
            #expect(served.status == 200)
            #expect(served.header("RateLimit-Policy") == "\"default\";q=1;w=1")
            #expect(served.header("RateLimit") == "\"default\";r=0;t=1")
            clock.advance(milliseconds: 400)
            let refused = try await app.get("/debug/fixed?format=json")
            #expect(refused.status == 429)
            #expect(refused.header("Retry-After") == "1")
            #expect(refused.header("X-Rate-Limit-Remaining") == "0")
            #expect(refused.header("Content-Type")?.hasPrefix("application/problem+json") == true)
            #expect(String(decoding: refused.body, as: UTF8.self).contains("\"code\":\"rate_limited\""))
            // Probes are never limited, and carry no limit fields.
            for path in ["/healthz", "/readyz", "/healthz"] {
                let probe = try await app.get(path)
                #expect(probe.status == 200)
                #expect(probe.header("RateLimit") == nil)
            }
            clock.advance(milliseconds: 600)
            #expect(try await app.get("/debug/fixed").status == 200)
            let metrics = try await app.get("/metrics")
            #expect(String(decoding: metrics.body, as: UTF8.self).contains("gottago_client_limited_total{class=\"anonymous\"} 1"))
        }
    }

    @Test func aSpoofedForwardedForCountsOnlyFromATrustedProxy() async throws {
        let clock = ManualWallClock(Self.start)
        let rule = RateRule(rate: 1, burst: 1)
        // From an untrusted peer (nothing is trusted) the header is ignored: both requests are 127.0.0.1's.
        try await LiveApp.with(limits: ClientLimits(anonymous: rule, keys: nil, limiter: MemoryRateLimiter(), now: clock.reading)) { (app: LiveApp) async throws in
            #expect(try await app.get("/api", headers: [("X-Forwarded-For", "198.51.100.1")]).status == 200)
            #expect(try await app.get("/api", headers: [("X-Forwarded-For", "198.51.100.2")]).status == 429)
        }
        try await LiveApp.with(
            limits: ClientLimits(anonymous: rule, keys: nil, limiter: MemoryRateLimiter(), now: clock.reading),
            trustedProxies: TrustedProxies(try IPNetworks(parsing: "10.0.0.0/8"))
        ) { (app: LiveApp) async throws in
            #expect(try await app.get("/api", headers: [("X-Forwarded-For", "198.51.100.1")]).status == 200)
            #expect(try await app.get("/api", headers: [("X-Forwarded-For", "198.51.100.2")]).status == 429)
        }
        // From a trusted proxy each named client has its own limit; what a client wrote left of
        // the proxy's entry is not read.
        try await LiveApp.with(
            limits: ClientLimits(anonymous: rule, keys: nil, limiter: MemoryRateLimiter(), now: clock.reading),
            trustedProxies: TrustedProxies(try IPNetworks(parsing: "127.0.0.0/8"))
        ) { (app: LiveApp) async throws in
            #expect(try await app.get("/api", headers: [("X-Forwarded-For", "198.51.100.1")]).status == 200)
            #expect(try await app.get("/api", headers: [("X-Forwarded-For", "198.51.100.2")]).status == 200)
            #expect(try await app.get("/api", headers: [("X-Forwarded-For", "6.6.6.6, 198.51.100.1")]).status == 429)
            // The admin views follow the named client too: through the proxy, an outside client gets the 404.
            #expect(try await app.get("/metrics", headers: [("X-Forwarded-For", "198.51.100.9")]).status == 404)
            #expect(try await app.get("/metrics").status == 200)
        }
    }

    static let key = "k-0123456789abcdef"
    static var keysFile: String {
        "# digest name rate burst quota\n\n\(SHA256.hex(Array(key.utf8))) acme 100 100 3\n"
    }

    @Test func aKeysDailyQuotaRunsOutAndRenewsTheNextUTCDay() async throws {
        let midnight: Int64 = 1_800_057_600_000
        #expect(midnight % 86_400_000 == 0)
        let clock = ManualWallClock(midnight - 1500)
        let keys = try APIKeys(parsing: Self.keysFile)
        try await LiveApp.with(limits: ClientLimits(anonymous: RateRule(rate: 1, burst: 1), keys: keys, limiter: MemoryRateLimiter(), now: clock.reading)) { (app: LiveApp) async throws in
            for left in [2, 1, 0] {
                let response = try await app.get("/debug/fixed", headers: [("X-Api-Key", Self.key)])
                #expect(response.status == 200)
                #expect(response.header("RateLimit-Policy") == "\"default\";q=100;w=1, \"daily\";q=3;w=86400")
                #expect(response.header("RateLimit")?.hasSuffix("\"daily\";r=\(left);t=2") == true)
            }
            let spent = try await app.get("/debug/fixed", headers: [("X-Api-Key", Self.key)])
            #expect(spent.status == 429)
            #expect(spent.header("Retry-After") == "2")
            #expect(String(decoding: spent.body, as: UTF8.self).contains("quota"))
            let metrics = String(decoding: try await app.get("/metrics").body, as: UTF8.self)
            #expect(metrics.contains("gottago_client_keys_near_quota 1"))
            #expect(metrics.contains("gottago_client_limited_total{class=\"key\"} 1"))
            clock.advance(milliseconds: 1500)
            let renewed = try await app.get("/debug/fixed?key=" + Self.key)
            #expect(renewed.status == 200)
            #expect(renewed.header("RateLimit")?.hasSuffix("\"daily\";r=2;t=86400") == true)
        }
    }

    @Test func anUnknownKeyIs401AndTheKeyParameterIsAcceptedEverywhere() async throws {
        let keys = try APIKeys(parsing: Self.keysFile)
        try await LiveApp.with(limits: ClientLimits(anonymous: nil, keys: keys, limiter: MemoryRateLimiter())) { (app: LiveApp) async throws in
            // /debug/fixed refuses parameters it does not declare…
            #expect(try await app.get("/debug/fixed?token=1").status == 400)
            // …but `key` is taken out before routing.
            let keyed = try await app.get("/debug/fixed?key=" + Self.key)
            #expect(keyed.status == 200)
            #expect(keyed.header("X-Rate-Limit-Limit") == "100")
            for request in [("/debug/fixed?key=nope", [(String, String)]()), ("/debug/fixed", [("X-Api-Key", "nope")])] {
                let refused = try await app.get(request.0, headers: request.1)
                #expect(refused.status == 401)
                #expect(String(decoding: refused.body, as: UTF8.self).contains("<code>invalid_api_key</code>"))
            }
            // Anonymous clients are unlimited here: no fields.
            let anonymous = try await app.get("/debug/fixed")
            #expect(anonymous.status == 200)
            #expect(anonymous.header("RateLimit") == nil)
        }
    }

    /// A hit costs 1, a miss its endpoint's cost: the rest is charged once the answer says it
    /// asked an upstream (`X-Cache: MISS`), so the miss's own answer still shows the state after 1.
    @Test func aMissCostsMoreThanAHit() async throws {
        let clock = ManualWallClock(Self.start)
        let limits = ClientLimits(anonymous: RateRule(rate: 1, burst: 10), keys: nil, limiter: MemoryRateLimiter(), now: clock.reading)
        func answer(_ cache: String) -> Route.Handler {
            { _ in
                var response = Response.text("ok", cache: .noStore)
                response.headers.set("X-Cache", cache)
                return response
            }
        }
        var miss = Route("GET", "/miss", summary: "A miss.", handler: answer("MISS"))
        miss.cost = .upstream(miss: 5)
        var hit = Route("GET", "/hit", summary: "A hit.", handler: answer("HIT"))
        hit.cost = .upstream(miss: 5)
        var free = Route("GET", "/free", summary: "Free.", handler: answer("MISS"))
        free.cost = .free
        let responder = try Responder(routes: [miss, hit, free], configuration: ServerConfiguration(), log: ServerLog(sink: LogSink()), gate: limits)
        var remaining: [String?] = []
        for path in ["/hit", "/miss", "/hit", "/free", "/hit"] {
            let response = await responder.respond(to: Request(id: path, method: "GET", target: path))
            #expect(response.status == 200)
            remaining.append(response.headers["X-Rate-Limit-Remaining"])
        }
        // 10 − 1 (hit) − 1 (the miss before it runs) − 4 (the rest of its 5) − 1 (hit); the free route takes nothing.
        #expect(remaining == ["9", "8", "3", nil, "2"])
    }

    static func api(_ limits: ClientLimits) -> APIConfiguration {
        var api = APIConfiguration()
        api.debugRoutes = true
        api.limits = limits
        return api
    }
}
