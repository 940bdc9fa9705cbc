#if canImport(Glibc)
import Glibc
#endif
import Fetch
import HTTPTesting
@testable import Scrape
import Store
import Testing
@testable import Upstream
import Kernel

/// The upstreams' own terms from the route files: the strictest preset of an upstream's routes
/// replaces a default but never a value someone gave, and a route's daily budget ends at the
/// zone's midnight.
@Suite("Politeness presets")
struct PolitenessPresetTests {
    static let zurich = try! ZoneRules.named("Europe/Zurich")

    @Test func aDailyQuotaEndsAtTheZonesMidnight() {
        // 2026-12-01T22:30:00Z is 23:30 in Zurich.
        let evening = 1_796_164_200.0
        var quota = DailyQuota(limit: 2, zone: Self.zurich)
        #expect(quota.take(now: evening) == .granted)
        #expect(quota.take(now: evening + 60) == .granted)
        #expect(quota.remaining(now: evening + 60) == 0)
        #expect(quota.take(now: evening + 120) == .denied(retryAfter: 1680))
        // Local midnight, 23:00Z: a new day.
        #expect(quota.take(now: evening + 1800) == .granted)
        #expect(quota.remaining(now: evening + 1800) == 1)
        // UTC's midnight is an hour later, and counts the day differently.
        var utc = DailyQuota(limit: 1, zone: .utc)
        #expect(utc.take(now: evening) == .granted)
        #expect(utc.take(now: evening + 1800) == .denied(retryAfter: 3600 - 1800 + 1800))
    }

    @Test func theDayOfAClockChangeEndsAtItsOwnMidnight() {
        // 2026-10-25 has 25 hours in Zurich: at 00:30 local (22:30Z the day before) its midnight
        // is 23.5 hours away on the wall clock, but 24.5 hours of real time.
        let early = 1_792_881_000.0
        var quota = DailyQuota(limit: 1, zone: Self.zurich)
        #expect(quota.take(now: early) == .granted)
        #expect(quota.take(now: early + 1) == .denied(retryAfter: 24.5 * 3600 - 1))
        // At noon, after the change, midnight is twelve hours away.
        #expect(quota.take(now: 1_792_926_000) == .denied(retryAfter: 12 * 3600))
    }

    @Test func theStrictestPresetReplacesDefaultsOnly() {
        let presets = [PolitenessPreset(maxConcurrent: 2, rate: 5), PolitenessPreset(rate: 1, burst: 1, dailyQuota: 1000), PolitenessPreset()]
        var plain = UpstreamPolicy()
        plain.adopt(presets)
        #expect((plain.maxConcurrent, plain.rate, plain.burst) == (2, 1, 1))
        // The operator's settings stay, even one equal to the default; so does any value set in code.
        var given = UpstreamPolicy()
        given.rate = 10
        given.setByOperator = ["rate"]
        given.burst = 500
        given.adopt(presets)
        #expect((given.maxConcurrent, given.rate, given.burst) == (2, 10, 500))
    }

    @Test func aRoutesDailyBudgetIsAnErrorWithRetryAfterUntilTomorrowAndTheCacheStillAnswers() async throws {
        try await TestUpstream.with { upstream in
            let route = try Self.route()
            let clock = TestClock()
            let client = UpstreamClient(
                name: "quota", fetcher: try CurlFetcher(), cache: MemoryCache(now: { clock.now }), policy: UpstreamPolicy(), now: { clock.now })
            for n in 0..<2 {
                let answer = try await client.extract(route, parameters: ["port": "\(upstream.port)", "n": "\(n)"])
                #expect(answer.provenance.source == .miss)
            }
            await #expect {
                _ = try await client.extract(route, parameters: ["port": "\(upstream.port)", "n": "2"])
            } throws: { error in
                let failure = error as? UpstreamFailure
                return failure?.code == "upstream_quota_spent" && (failure?.retryAfter ?? 0) > 0
            }
            #expect(upstream.hits.value == 2)
            // What is cached is served without spending anything.
            #expect(try await client.extract(route, parameters: ["port": "\(upstream.port)", "n": "1"]).provenance.source == .hit)
            #expect(client.dailyQuotasLeft["quota-feed"]?.left == 0)
            // Tomorrow (a day later in any zone) the budget is back.
            clock.advance(seconds: 86_400)
            #expect(try await client.extract(route, parameters: ["port": "\(upstream.port)", "n": "2"]).provenance.source == .miss)
            #expect(upstream.hits.value == 3)
        }
    }

    @Test func theStatusShowsWhatIsLeftOfTheBudgetAndTheSandboxHasNone() async throws {
        try await TestUpstream.with { upstream in
            let catalog = try Self.catalog()
            let route = try #require(catalog["quota-feed"])
            let upstreams = try Upstreams(catalog: catalog, fetcher: try CurlFetcher(), cache: MemoryCache())
            #expect(upstreams.status(of: "quota-feed")?.routes.first?.dailyQuota.map { [$0.limit, $0.left] } == [2, 2])
            _ = try await upstreams.extract(route, parameters: ["port": "\(upstream.port)"])
            #expect(upstreams.status(of: "quota-feed")?.routes.first?.dailyQuota.map { [$0.limit, $0.left] } == [2, 1])
            var sandbox = UpstreamPolicy()
            sandbox.enforcesDailyQuotas = false
            let simulated = try Upstreams(catalog: catalog, fetcher: try CurlFetcher(), cache: MemoryCache(), policies: ["quota-feed": sandbox])
            for n in 0..<3 { _ = try await simulated.extract(route, parameters: ["port": "\(upstream.port)", "n": "\(n)"]) }
            #expect(simulated.status(of: "quota-feed")?.routes.first.map { $0.dailyQuota == nil } == true)
        }
    }

    /// A route over the test upstream's `/feed` with a daily quota of 2.
    static func route() throws -> Route {
        guard let route = try catalog()["quota-feed"] else { throw Missing() }
        #expect(route.politeness == PolitenessPreset(dailyQuota: 2))
        return route
    }

    /// The folder of that one route.
    static func catalog() throws -> RouteCatalog {
        try TemporaryRoutes.catalog(["quota-feed": """
            <route id="quota-feed" domain="departures">
              <summary>The test upstream's feed, two a day.</summary>
              <parameters><parameter name="port" required="true"/><parameter name="n" default="0"/></parameters>
              <request method="GET" url="http://127.0.0.1:{port}/feed?n={n}"/>
              <response format="xml" timezone="Europe/Zurich"/>
              <cache fresh="604800" stale-while-revalidate="0" stale-if-error="0"/>
              <politeness daily-quota="2"/>
              <extract><record name="item" list="items" each="/r/item"><field name="n" xpath="@n" normalize="int"/></record></extract>
            </route>
            """])
    }
}
