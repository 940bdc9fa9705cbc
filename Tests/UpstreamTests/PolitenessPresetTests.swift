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
        let presets = [
            ("a", PolitenessPreset(maxConcurrent: 2, rate: 5)), ("b", PolitenessPreset(rate: 1, burst: 1, dailyQuota: 1000)), ("c", PolitenessPreset()),
        ]
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

    @Test("routes that name a bucket share one beside the upstream's, the strictest of theirs; the operator's rate replaces them")
    func bucketsAreAdoptedApart() {
        let routes = [
            ("plan", PolitenessPreset(maxConcurrent: 10, rate: 0.3333, burst: 20, bucket: "plan")),
            ("stoptimes", PolitenessPreset(rate: 16.66, burst: 100, bucket: "lookups")),
            ("geocode", PolitenessPreset(rate: 20, burst: 50, bucket: "lookups")),
            ("other", PolitenessPreset(rate: 5)),
            ("minute", PolitenessPreset(burst: 20, bucket: "minute", window: 60)),
        ]
        var policy = UpstreamPolicy()
        policy.adopt(routes)
        #expect((policy.maxConcurrent, policy.rate, policy.burst) == (10, 5, 20))
        #expect(policy.buckets["plan"] == UpstreamPolicy.Bucket(rate: 0.3333, burst: 20, routes: ["plan"]))
        #expect(policy.buckets["lookups"] == UpstreamPolicy.Bucket(rate: 16.66, burst: 50, routes: ["stoptimes", "geocode"]))
        #expect(policy.buckets["minute"] == UpstreamPolicy.Bucket(rate: 20.0 / 60, burst: 20, window: 60, routes: ["minute"]))
        var given = UpstreamPolicy()
        given.rate = 100
        given.setByOperator = ["rate"]
        given.adopt(routes)
        #expect(given.buckets.isEmpty && given.rate == 100)
    }

    @Test("a route's bucket refuses it past its burst while the upstream's other routes go on; the refused request spends no token of the upstream's")
    func aBucketLimitsItsRoutesOnly() async throws {
        try await TestUpstream.with { upstream in
            let catalog = try TemporaryRoutes.catalog([
                "bucket-plan": Self.bucketRoute("bucket-plan", politeness: #"<politeness rate="0.01" burst="2" bucket="plan"/>"#),
                "bucket-lookup": Self.bucketRoute("bucket-lookup", politeness: #"<politeness rate="100" burst="100" bucket="lookups"/>"#),
                // The whole upstream's own limit.
                "bucket-other": Self.bucketRoute("bucket-other", politeness: #"<politeness rate="0.01" burst="4"/>"#),
            ])
            let clock = TestClock()
            let upstreams = try Upstreams(catalog: catalog, fetcher: try CurlFetcher(), cache: MemoryCache(now: { clock.now }), now: { clock.now })
            let plan = try #require(catalog["bucket-plan"]), lookup = try #require(catalog["bucket-lookup"])
            for n in 0..<2 { _ = try await upstreams.extract(plan, parameters: ["port": "\(upstream.port)", "n": "\(n)"]) }
            await #expect {
                _ = try await upstreams.extract(plan, parameters: ["port": "\(upstream.port)", "n": "2"])
            } throws: { error in
                (error as? UpstreamFailure)?.code == UpstreamFailure.Code.rateLimited
            }
            // The upstream's own bucket (4) still has two tokens: the refused journey search spent none.
            for n in 0..<2 { _ = try await upstreams.extract(lookup, parameters: ["port": "\(upstream.port)", "n": "\(n)"]) }
            await #expect {
                _ = try await upstreams.extract(lookup, parameters: ["port": "\(upstream.port)", "n": "2"])
            } throws: { error in
                (error as? UpstreamFailure)?.code == UpstreamFailure.Code.rateLimited
            }
            #expect(upstream.hits.value == 4)
            // 100 s later both buckets have a token again (a request waits for one only while it
            // has time left: 100 s is more than its deadline, so it was refused at once).
            clock.advance(seconds: 100)
            #expect(try await upstreams.extract(plan, parameters: ["port": "\(upstream.port)", "n": "3"]).provenance.source == .miss)
        }
    }

    /// A route of the upstream `bucket` over the test upstream's `/feed`, with `politeness`.
    static func bucketRoute(_ id: String, politeness: String) -> String {
        """
        <route id="\(id)" domain="timetable" upstream="bucket">
          <summary>The test upstream's feed.</summary>
          <parameters><parameter name="port" required="true"/><parameter name="n" default="0"/></parameters>
          <request method="GET" url="http://127.0.0.1:{port}/feed?n={n}"/>
          <response format="xml" timezone="Europe/Zurich"/>
          \(politeness)
          <extract><record name="item" list="items" each="/r/item"><field name="n" xpath="@n" normalize="int"/></record></extract>
        </route>
        """
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
