import Fetch
import HTTPTesting
import Store
import Testing
@testable import Upstream

@Suite("UpstreamClient", .serialized)
struct UpstreamClientTests {
    private func client(
        _ clock: TestClock, cache: (any CacheDriver)? = nil, deadlines: ManualClock? = nil, fetch: (inout FetchConfiguration) -> Void = { _ in },
        policy: (inout UpstreamPolicy) -> Void = { _ in }
    ) throws -> UpstreamClient {
        var configuration = FetchConfiguration()
        fetch(&configuration)
        var settings = UpstreamPolicy()
        policy(&settings)
        return UpstreamClient(
            name: "test", fetcher: try CurlFetcher(configuration: configuration), cache: cache ?? MemoryCache(now: { clock.now }),
            policy: settings, now: { clock.now }, clock: deadlines ?? ContinuousClock() as any Clock<Duration>)
    }

    private func value(_ answer: UpstreamClient.Answer) -> String? {
        guard case .success(let lists) = answer.extraction.outcome, case .list(_, let records)? = lists.first else { return nil }
        return records.first?.value("n")
    }

    @Test func aMissIsFetchedOnceThenHit() async throws {
        try await TestUpstream.with { upstream in
            let route = try FeedRoute.load()
            let clock = TestClock()
            let client = try client(clock)
            let first = try await client.extract(route, parameters: ["port": "\(upstream.port)"])
            #expect(first.provenance.source == .miss)
            #expect(value(first) == "1")
            clock.advance(seconds: 30)
            let second = try await client.extract(route, parameters: ["port": "\(upstream.port)"])
            #expect(second.provenance.source == .hit)
            #expect(second.provenance.age == 30)
            #expect(upstream.hits.value == 1)
        }
    }

    @Test func concurrentColdRequestsShareOneFetch() async throws {
        try await TestUpstream.with { upstream in
            let route = try FeedRoute.load()
            let client = try client(TestClock())
            let answers = try await withThrowingTaskGroup(of: String?.self) { group in
                for _ in 0..<100 {
                    group.addTask { value(try await client.extract(route, parameters: ["port": "\(upstream.port)", "ms": "200"])) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(upstream.hits.value == 1)
            #expect(answers.count == 100)
            #expect(answers.allSatisfy { $0 == "1" })
        }
    }

    @Test func staleWhileRevalidateAnswersAtOnceAndRefreshesOnce() async throws {
        try await TestUpstream.with { upstream in
            let route = try FeedRoute.load()
            let clock = TestClock()
            let client = try client(clock, policy: { $0.freshFor = 60; $0.staleWhileRevalidate = 300 })
            _ = try await client.extract(route, parameters: ["port": "\(upstream.port)"])
            clock.advance(seconds: 90)
            let stale = try await client.extract(route, parameters: ["port": "\(upstream.port)"])
            #expect(stale.provenance.source == .stale)
            #expect(value(stale) == "1")
            // The refresh lands a little after the upstream counts the request: wait for it to end.
            await client.settled()
            let refreshed = try await client.extract(route, parameters: ["port": "\(upstream.port)"])
            #expect(refreshed.provenance.source == .hit)
            #expect(value(refreshed) == "2")
            #expect(upstream.hits.value == 2)
        }
    }

    @Test func staleIfErrorServesTheLastGoodAnswer() async throws {
        try await TestUpstream.with { upstream in
            let route = try FeedRoute.load()
            let clock = TestClock()
            let client = try client(clock, policy: { $0.freshFor = 60; $0.staleWhileRevalidate = 0; $0.staleIfError = 3600 })
            _ = try await client.extract(route, parameters: ["port": "\(upstream.port)"])
            upstream.feedStatus.value = 500
            clock.advance(seconds: 600)
            let answer = try await client.extract(route, parameters: ["port": "\(upstream.port)"])
            #expect(answer.provenance.source == .stale)
            #expect(answer.provenance.age == 600)
            #expect(value(answer) == "1")
            clock.advance(seconds: 3600)
            let failure = try await #require(throws: UpstreamFailure.self) { try await client.extract(route, parameters: ["port": "\(upstream.port)"]) }
            #expect(failure.code == "upstream_error")
        }
    }

    @Test func theBreakerOpensAndStopsAskingTheUpstream() async throws {
        try await TestUpstream.with { upstream in
            let route = try FeedRoute.load()
            let clock = TestClock()
            let client = try client(clock, policy: { $0.breakerThreshold = 3; $0.breakerCooldown = 30 })
            for index in 0..<3 {
                let failure = try await #require(throws: UpstreamFailure.self) {
                    try await client.extract(route, parameters: ["port": "\(upstream.port)", "status": "500", "ms": "\(index)"])
                }
                #expect(failure.code == "upstream_error")
            }
            let open = try await #require(throws: UpstreamFailure.self) {
                try await client.extract(route, parameters: ["port": "\(upstream.port)", "ms": "9"])
            }
            #expect(open.code == "upstream_unavailable")
            #expect(open.retryAfter == 30)
            #expect(upstream.hits.value == 3)
            clock.advance(seconds: 31)
            #expect(try await client.extract(route, parameters: ["port": "\(upstream.port)", "ms": "9"]).provenance.source == .miss)
        }
    }

    @Test("Retry-After is honoured: a request in the pause is upstream_paused, counting down to its end")
    func retryAfterIsHonoured() async throws {
        try await TestUpstream.with { upstream in
            let route = try FeedRoute.load()
            let clock = TestClock()
            let client = try client(clock)
            let paused = try await #require(throws: UpstreamFailure.self) {
                try await client.extract(route, parameters: ["port": "\(upstream.port)", "status": "503", "retry_after": "5"])
            }
            #expect(paused.code == "upstream_paused")
            #expect(paused.retryAfter == 5)
            for (elapsed, left) in [(0.0, 5), (2.0, 3), (2.5, 1)] {
                clock.advance(seconds: elapsed)
                let waiting = try await #require(throws: UpstreamFailure.self) {
                    try await client.extract(route, parameters: ["port": "\(upstream.port)", "ms": "1"])
                }
                // The upstream's pause, not our own rate budget (the bucket is full).
                #expect(waiting.code == "upstream_paused")
                #expect(waiting.retryAfter == left)
            }
            #expect(upstream.hits.value == 1)
            clock.advance(seconds: 0.5)
            #expect(try await client.extract(route, parameters: ["port": "\(upstream.port)", "ms": "1"]).provenance.source == .miss)
        }
    }

    @Test("our own token bucket spent: upstream_rate_limited, not a pause, when the token would come too late")
    func ourOwnBudgetIsRateLimited() async throws {
        try await TestUpstream.with { upstream in
            let route = try FeedRoute.load()
            let clock = TestClock()
            // One token per 20 s: more than half of the 10 s timeout, so the next request is not kept waiting.
            let client = try client(clock, policy: { $0.rate = 0.05; $0.burst = 1 })
            #expect(try await client.extract(route, parameters: ["port": "\(upstream.port)", "ms": "1"]).provenance.source == .miss)
            let limited = try await #require(throws: UpstreamFailure.self) {
                try await client.extract(route, parameters: ["port": "\(upstream.port)", "ms": "2"])
            }
            #expect(limited.code == "upstream_rate_limited")
            #expect(limited.retryAfter == 20)
            #expect(upstream.hits.value == 1)
        }
    }

    @Test("over the rate, requests wait for their tokens and go out at the rate, none refused")
    func requestsOverTheRateArePaced() async throws {
        try await TestUpstream.with { upstream in
            let route = try FeedRoute.load()
            let clock = TestClock()
            let deadlines = ManualClock()
            var settings = UpstreamPolicy()
            settings.rate = 2
            settings.burst = 1
            let client = UpstreamClient(
                name: "test", fetcher: try CurlFetcher(configuration: FetchConfiguration()), cache: MemoryCache(now: { clock.now }),
                policy: settings, now: { clock.now }, clock: deadlines)
            // Three different requests at once: one goes now, the others wait half a second and a second for their tokens.
            let requests = (1...3).map { n in
                Task { try await client.extract(route, parameters: ["port": "\(upstream.port)", "ms": "\(n)"]) }
            }
            #expect(await eventually { deadlines.sleepers == 2 && upstream.hits.value == 1 })
            clock.advance(seconds: 0.5)
            deadlines.advance(by: .milliseconds(500))
            #expect(await eventually { deadlines.sleepers == 1 && upstream.hits.value == 2 })
            clock.advance(seconds: 0.5)
            deadlines.advance(by: .milliseconds(500))
            for request in requests {
                #expect(try await request.value.provenance.source == .miss)
            }
            #expect(upstream.hits.value == 3)
        }
    }

    @Test func timeoutsAndBadParametersMapToTheirStatuses() async throws {
        try await TestUpstream.with { upstream in
            let route = try FeedRoute.load()
            let client = try client(TestClock(), fetch: { $0.totalTimeout = 0.3 })
            let timeout = try await #require(throws: UpstreamFailure.self) {
                try await client.extract(route, parameters: ["port": "\(upstream.port)", "ms": "3000"])
            }
            #expect(timeout.code == "upstream_timeout")
            let bad = try await #require(throws: UpstreamFailure.self) { try await client.extract(route, parameters: [String: String]()) }
            #expect(bad.code == "invalid_parameter")
        }
    }

    @Test(.timeLimit(.minutes(1))) func twoInstancesOnOneSharedCacheFetchOnce() async throws {
        try await TestUpstream.with { upstream in
            let route = try FeedRoute.load()
            let clock = TestClock()
            let shared = MemoryCache(now: { clock.now })
            // The wait for the other instance's value ends only when it lands, however slow the machine.
            let deadlines = ManualClock()
            let first = try client(clock, cache: shared, deadlines: deadlines)
            let second = try client(clock, cache: shared, deadlines: deadlines)
            let answers = try await withThrowingTaskGroup(of: String?.self) { group in
                for index in 0..<40 {
                    let instance = index % 2 == 0 ? first : second
                    group.addTask { value(try await instance.extract(route, parameters: ["port": "\(upstream.port)", "ms": "300"])) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(upstream.hits.value == 1)
            #expect(answers.allSatisfy { $0 == "1" })
        }
    }

    @Test func aLockHolderThatNeverDeliversOnlyDelaysTheOthers() async throws {
        try await TestUpstream.with { upstream in
            let route = try FeedRoute.load()
            let clock = TestClock()
            let shared = MemoryCache(now: { clock.now })
            let deadlines = ManualClock()
            let client = try client(clock, cache: shared, deadlines: deadlines, policy: { $0.lockWait = 0.2 })
            let request = try route.upstreamRequest(["port": "\(upstream.port)"])
            let key = CacheKey.make(route: route.id, routeDigest: route.digest, method: request.method, url: request.url, body: request.body)
            #expect(shared.lock(key + ":fetch", owner: "a-crashed-instance", milliseconds: 60_000))
            let answer = Task { try await client.extract(route, parameters: ["port": "\(upstream.port)"]) }
            #expect(await eventually { client.metrics.snapshot.waitingForOtherInstance == 1 })
            #expect(upstream.hits.value == 0)
            deadlines.advance(by: .milliseconds(200))
            #expect(try await answer.value.provenance.source == .miss)
            #expect(client.metrics.snapshot.waitingForOtherInstance == 0)
            #expect(upstream.hits.value == 1)
        }
    }

    @Test func metricsCountFetchesAnswersAndWaiters() async throws {
        try await TestUpstream.with { upstream in
            let route = try FeedRoute.load()
            let clock = TestClock()
            let client = try client(clock)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<5 {
                    group.addTask { _ = try await client.extract(route, parameters: ["port": "\(upstream.port)", "ms": "200"]) }
                }
                try await group.waitForAll()
            }
            _ = try await client.extract(route, parameters: ["port": "\(upstream.port)", "ms": "200"])
            _ = try? await client.extract(route, parameters: ["port": "\(upstream.port)", "status": "500"])
            let snapshot = client.metrics.snapshot
            #expect(snapshot.outcomes == ["ok": 1, "http_5xx": 1])
            #expect(snapshot.misses == 5)
            #expect(snapshot.hits == 1)
            #expect(snapshot.coalesced == 4)
            #expect(snapshot.latencyCount == 2)
            #expect(snapshot.bytes > 0)
            let text = client.prometheusText
            #expect(text.contains(#"gottago_upstream_requests_total{upstream="test",outcome="ok"} 1"#))
            #expect(text.contains(#"gottago_upstream_cache_total{upstream="test",result="hit"} 1"#))
            #expect(text.contains(#"gottago_upstream_coalesced_total{upstream="test"} 4"#))
            #expect(text.contains(#"gottago_upstream_breaker_open{upstream="test"} 0"#))
            #expect(text.contains(#"gottago_upstream_request_seconds_bucket{upstream="test",le="+Inf"} 2"#))
        }
    }

    @Test func aConnectionResetIsRetriedOnceThenReported() async throws {
        let faults = try FaultServer()
        defer { faults.stop() }
        let route = try FeedRoute.load()
        let client = try client(TestClock())
        let failure = try await #require(throws: UpstreamFailure.self) {
            try await client.extract(route, parameters: ["port": "\(faults.port)", "path": "reset"])
        }
        #expect(failure.code == "upstream_unreachable")
        #expect(faults.accepted == 2)
    }
}
