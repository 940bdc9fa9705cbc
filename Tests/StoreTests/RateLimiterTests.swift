import HTTPTesting
import Store
import Testing

@Suite struct RateLimiterTests {
    /// 40 requests 50 ms apart (20/s for 2 s) against 10/s with a burst of 2: the first 3 pass
    /// (indices 0, 1, 2), then every other one (the even indices) — 21 served, 19 refused.
    static let rule = RateRule(rate: 10, burst: 2)
    static let start: Int64 = 1_800_000_000_000

    static func expectedSchedule(_ index: Int) -> Bool { index < 3 || index % 2 == 0 }

    @Test func gcraTwentyPerSecondAgainstTen() {
        let gcra = GCRA(rule: Self.rule)
        var tat: Double?
        var served: [Bool] = []
        for index in 0..<40 {
            let outcome = gcra.take(1, tat: tat, now: Self.start + Int64(index) * 50)
            tat = outcome.tat
            served.append(outcome.allowed)
        }
        #expect(served == (0..<40).map(Self.expectedSchedule))
        #expect(served.count { !$0 } == 19)
    }

    @Test func decisionsSayWhatIsLeftAndWhen() {
        let gcra = GCRA(rule: RateRule(rate: 10, burst: 5))
        let first = gcra.take(1, tat: nil, now: 0)
        #expect(first.decision == RateDecision(allowed: true, remaining: 4, resetMilliseconds: 100, retryAfterMilliseconds: 0))
        let burst = gcra.take(4, tat: first.tat, now: 0)
        #expect(burst.decision.remaining == 0)
        #expect(burst.decision.resetMilliseconds == 500)
        let refused = gcra.take(1, tat: burst.tat, now: 30)
        #expect(!refused.allowed)
        #expect(refused.tat == burst.tat)
        #expect(refused.decision.retryAfterMilliseconds == 70)
        // A forced charge passes and pushes the next request further back.
        let forced = gcra.take(3, tat: burst.tat, now: 30, force: true)
        #expect(forced.allowed)
        #expect(forced.tat == 800)
    }

    @Test func aDailyQuotaRunsOutAndRenewsAtMidnightUTC() {
        let limiter = MemoryRateLimiter()
        let rule = RateRule(rate: 1000, burst: 1000, dailyQuota: 3)
        let lateEvening: Int64 = 1_800_057_600_000 - 1000   // 1 s before a UTC midnight
        #expect(lateEvening % GCRA.day == GCRA.day - 1000)
        let decisions = (0..<4).map { _ in limiter.takeNow(1, from: "key:acme", rule: rule, now: lateEvening, force: false) }
        #expect(decisions.map(\.allowed) == [true, true, true, false])
        #expect(decisions.map(\.quotaRemaining) == [2, 1, 0, 0])
        #expect(decisions[3].quotaSpent)
        #expect(decisions[3].retryAfterMilliseconds == 1000)
        let nextDay = limiter.takeNow(1, from: "key:acme", rule: rule, now: lateEvening + 1000, force: false)
        #expect(nextDay.allowed)
        #expect(nextDay.quotaRemaining == 2)
    }

    @Test func theMemoryLimiterStaysBounded() {
        let limiter = MemoryRateLimiter(capacity: 100)
        for index in 0..<1000 {
            _ = limiter.takeNow(1, from: "ip:10.0.\(index / 256).\(index % 256)", rule: Self.rule, now: Self.start, force: false)
        }
        #expect(limiter.count <= 100)
        // Rested clients go first: a minute later every one of them is, and the table shrinks at once.
        _ = limiter.takeNow(1, from: "ip:192.0.2.1", rule: Self.rule, now: Self.start + 60_000, force: false)
        #expect(limiter.count <= 100)
    }

    /// The same schedule in Redis and in memory gives the same decisions, field by field.
    @Test func redisDecidesAsMemoryDoes() async throws {
        try await RedisServer.shared { url in
            let redis = RedisRateLimiter(endpoint: try RedisEndpoint(parsing: url))
            let memory = MemoryRateLimiter()
            let client = "ip:test-\(UInt64.random(in: 0...UInt64.max))"
            let quota = RateRule(rate: 10, burst: 2, dailyQuota: 25)
            for index in 0..<40 {
                let now = Self.start + Int64(index) * 50
                let shared = await redis.take(1, from: client, rule: quota, now: now, force: false)
                let local = memory.takeNow(1, from: client, rule: quota, now: now, force: false)
                #expect(shared == local, "request \(index)")
            }
            await redis.shutdown()
        }
    }

    @Test func redisAwayFailsOpen() async throws {
        let redis = RedisRateLimiter(endpoint: try RedisEndpoint(parsing: "redis://127.0.0.1:1/0"))
        #expect(await redis.take(1, from: "ip:192.0.2.1", rule: Self.rule, now: Self.start, force: false) == nil)
        await redis.shutdown()
    }
}
