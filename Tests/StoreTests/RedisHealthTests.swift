import Testing
@testable import Store

/// `RedisHealth`, the probe's state and schedule, on instants the test chooses.
@Suite("RedisHealth")
struct RedisHealthTests {
    static let start = ContinuousClock().now

    /// `seconds` after the test's origin.
    static func at(_ seconds: Double) -> ContinuousClock.Instant {
        start + .milliseconds(Int(seconds * 1000))
    }

    static let refused = CacheStatus.degraded(reason: "redis: Connection refused")

    @Test("before any contact: degraded, not connected yet, and a probe is due at once")
    func initial() {
        let health = RedisHealth(interval: RedisCache.ProbeInterval())
        #expect(health.status == .degraded(reason: "redis: not connected yet"))
        #expect(health.nextProbe == nil)
        #expect(health.probeIsDue(at: Self.at(0)))
    }

    @Test("ok → degraded → ok: news once each, and the schedule follows the state")
    func transitions() {
        var health = RedisHealth(interval: RedisCache.ProbeInterval(healthy: .seconds(5), degraded: .seconds(1)))
        // The first outcome is news, whatever it is.
        #expect(health.record(.ok, at: Self.at(0)) == .ok)
        #expect(health.nextProbe == Self.at(5))
        #expect(!health.probeIsDue(at: Self.at(4.999)))
        #expect(health.probeIsDue(at: Self.at(5)))
        // A request that reached Redis pushes the probe back: busy instances do not probe.
        #expect(health.record(.ok, at: Self.at(2)) == nil)
        #expect(health.nextProbe == Self.at(7))

        #expect(health.record(Self.refused, at: Self.at(7)) == Self.refused)
        #expect(health.status == Self.refused)
        #expect(health.nextProbe == Self.at(8))
        // Still down, for another reason: the status says so, no news.
        let timedOut = CacheStatus.degraded(reason: "redis: PING timed out after 0.5 seconds")
        #expect(health.record(timedOut, at: Self.at(8)) == nil)
        #expect(health.status == timedOut)
        #expect(health.nextProbe == Self.at(9))
        // A probe that could not connect yet (the reconnect interval) still waits a whole interval.
        health.probed(at: Self.at(9))
        #expect(health.status == timedOut)
        #expect(health.nextProbe == Self.at(10))

        #expect(health.record(.ok, at: Self.at(10)) == .ok)
        #expect(health.nextProbe == Self.at(15))
        #expect(health.record(.ok, at: Self.at(10.5)) == nil)
    }

    @Test("a first outcome that fails is news too; probes while down make none")
    func downFromTheStart() {
        var health = RedisHealth(interval: RedisCache.ProbeInterval(healthy: .seconds(5), degraded: .seconds(2)))
        #expect(health.record(Self.refused, at: Self.at(0)) == Self.refused)
        var news: [CacheStatus] = []
        var now = 0.0
        for _ in 0..<10 {
            now += 2
            #expect(health.probeIsDue(at: Self.at(now)))
            if let status = health.record(Self.refused, at: Self.at(now)) { news.append(status) }
            #expect(health.nextProbe == Self.at(now + 2))
        }
        #expect(news.isEmpty)
    }

    @Test("the schedule never moves back, and never below the shortest interval")
    func monotonic() {
        var health = RedisHealth(interval: RedisCache.ProbeInterval(healthy: .zero, degraded: .zero))
        _ = health.record(.ok, at: Self.at(3))
        _ = health.record(.ok, at: Self.at(1))
        #expect(health.nextProbe == Self.at(3) + RedisHealth.shortestInterval)
        health.probed(at: Self.at(2))
        #expect(health.nextProbe == Self.at(3) + RedisHealth.shortestInterval)
    }
}
