import HTTPTesting
import Synchronization
import Testing
@testable import Store
import Kernel

/// A primary that is up or down at the test's word, with no I/O.
final class SwitchedDriver: CacheDriver {
    let name = "fake"
    let up = Atomic<Bool>(true)
    let store = MemoryCache()

    func get(_ key: String) -> CacheEntry? { up.load(ordering: .relaxed) ? store.get(key) : nil }
    func set(_ key: String, _ entry: CacheEntry) { if up.load(ordering: .relaxed) { store.set(key, entry) } }
    func remove(_ key: String) { if up.load(ordering: .relaxed) { store.remove(key) } }
    func lock(_ key: String, owner: String, milliseconds: Int) -> Bool {
        up.load(ordering: .relaxed) && store.lock(key, owner: owner, milliseconds: milliseconds)
    }
    func unlock(_ key: String, owner: String) { if up.load(ordering: .relaxed) { store.unlock(key, owner: owner) } }
    var status: CacheStatus { up.load(ordering: .relaxed) ? .ok : .degraded(reason: "fake: down") }
}

@Suite("FallbackCache")
struct FallbackCacheTests {
    static let now = WallClock.milliseconds()

    static func entry(_ text: String) -> CacheEntry {
        CacheEntry(value: Array(text.utf8), storedAt: now, freshForMilliseconds: 60_000, keepForMilliseconds: 60_000)
    }

    @Test("the primary while it works, memory while it does not, the primary again after")
    func routing() async {
        let primary = SwitchedDriver()
        let cache = FallbackCache(primary: primary)
        await cache.set("k", Self.entry("shared"))
        #expect(primary.store.get("k") == Self.entry("shared"))
        #expect(cache.memory.statistics.entries == 0)
        #expect(await cache.status == .ok)

        primary.up.store(false, ordering: .relaxed)
        #expect(await cache.status == .degraded(reason: "fake: down"))
        #expect(await cache.get("k") == nil)
        await cache.set("k", Self.entry("local"))
        #expect(await cache.get("k") == Self.entry("local"))
        #expect(await cache.lock("fill", owner: "a", milliseconds: 1000))
        #expect(await !cache.lock("fill", owner: "b", milliseconds: 1000))

        primary.up.store(true, ordering: .relaxed)
        #expect(await cache.get("k") == Self.entry("shared"))
        // A write while the primary works removes memory's copy, so that the next outage cannot
        // bring back the older value.
        await cache.set("k", Self.entry("newer"))
        #expect(cache.memory.get("k") == nil)
        // The lock taken in memory is released there; the primary's was never taken.
        await cache.unlock("fill", owner: "a")
        #expect(cache.memory.lock("fill", owner: "b", milliseconds: 1000))
        #expect(await cache.lock("fill", owner: "b", milliseconds: 1000))
        await cache.remove("k")
        #expect(await cache.get("k") == nil)
    }
}

/// `FallbackCache` over a real Redis that goes away and comes back.
@Suite("FallbackCache over Redis", .serialized)
struct FallbackCacheRedisTests {
    // A call that hung would hold the test until its time limit; the limit is a guard, not a measure.
    @Test("Redis killed: degraded, memory serves, no call hangs; restarted: Redis serves again", .timeLimit(.minutes(1)))
    func outage() async throws {
        try await RedisServer.with { server in
            let clock = ManualClock()
            let cache = FallbackCache(primary: testCache(server, monotonic: manualInstants(clock)), memory: MemoryCache())
            let other = testCache(server)
            await cache.set("k", liveEntry("in redis"))
            #expect(await other.get("k") == cache.get("k"))
            #expect(cache.memory.statistics.entries == 0)
            #expect(await cache.status == .ok)

            server.stop()
            // A miss at once: the stopped server refuses the one reconnection the lost
            // connection is allowed.
            let redis = try #require(cache.primary as? RedisCache)
            let redisBefore = redis.connectAttempts
            #expect(await cache.get("k") == nil)
            #expect(redis.connectAttempts - redisBefore <= 1)
            guard case .degraded(let reason) = await cache.status else { Issue.record("not degraded"); return }
            #expect(reason.hasPrefix("redis: "), "\(reason)")

            let local = liveEntry("in memory")
            await cache.set("k", local)
            #expect(await cache.get("k") == local)
            #expect(cache.memory.statistics.entries == 1)
            #expect(await cache.lock("fill", owner: "a", milliseconds: 5000))
            #expect(await !cache.lock("fill", owner: "b", milliseconds: 5000))
            // Memory answers while Redis is away, with no connect attempt per call: none at all
            // while the reconnect interval (the test cache's 100 ms, on a clock moved by hand) runs.
            let before = redis.connectAttempts
            for _ in 0..<300 { #expect(await cache.get("k") == local) }
            #expect(redis.connectAttempts == before)
            clock.advance(by: .milliseconds(99))
            #expect(await cache.get("k") == local)
            #expect(redis.connectAttempts == before)

            try await server.restart()
            // Once the interval is up, the next call connects to the restarted server.
            clock.advance(by: .milliseconds(1))
            #expect(await cache.get("k") == nil)
            #expect(redis.connectAttempts == before + 1)
            #expect(await cache.status == .ok)
            // The restarted Redis is empty and answers for itself; memory no longer stands in.
            #expect(await cache.get("k") == nil)
            let back = liveEntry("in redis again")
            await cache.set("k", back)
            #expect(await other.get("k") == back)
            #expect(cache.memory.statistics.entries == 0)
            await cache.unlock("fill", owner: "a")
            #expect(cache.memory.lock("fill", owner: "b", milliseconds: 5000))
        }
    }
}
