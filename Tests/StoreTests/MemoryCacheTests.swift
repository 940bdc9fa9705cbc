import Kernel
import Testing
@testable import Store

@Suite("MemoryCache")
struct MemoryCacheTests {
    /// An entry whose cost with a one-character key is exactly `cost` bytes.
    static func entry(cost: Int = 200, storedAt: Int64 = 1_800_000_000_000, keep: Int64 = 60_000) -> CacheEntry {
        CacheEntry(value: [UInt8](repeating: 7, count: cost - LRUTable.overhead - 1), storedAt: storedAt,
                   freshForMilliseconds: keep / 2, keepForMilliseconds: keep)
    }

    @Test("least recently used first out; a read counts as use")
    func lruOrder() {
        let clock = ManualWallClock()
        let cache = MemoryCache(capacityBytes: 600, now: clock.reading)
        let entry = Self.entry(storedAt: clock.now)
        cache.set("a", entry)
        cache.set("b", entry)
        cache.set("c", entry)
        #expect(cache.keysByRecency == ["c", "b", "a"])
        #expect(cache.get("a") == entry)
        #expect(cache.keysByRecency == ["a", "c", "b"])
        cache.set("d", entry)  // full at 600 bytes: b goes
        #expect(cache.keysByRecency == ["d", "a", "c"])
        #expect(cache.get("b") == nil)
        let statistics = cache.statistics
        #expect(statistics.evictions == 1)
        #expect(statistics.entries == 3)
        #expect(statistics.bytes == 600)
        #expect(statistics.capacityBytes == 600)
        #expect(statistics.hits == 1)
        #expect(statistics.misses == 1)
    }

    @Test("the byte bound holds: keys, values and overhead count; one big entry evicts several")
    func byteBound() {
        let clock = ManualWallClock()
        let cache = MemoryCache(capacityBytes: 1000, now: clock.reading)
        for name in ["a", "b", "c", "d", "e"] { cache.set(name, Self.entry(storedAt: clock.now)) }
        #expect(cache.statistics.bytes == 1000)
        cache.set("f", Self.entry(cost: 500, storedAt: clock.now))
        #expect(cache.keysByRecency == ["f", "e", "d"])
        #expect(cache.statistics.evictions == 3)
        #expect(cache.statistics.bytes == 900)
        // Replacing a key charges the new size only.
        cache.set("f", Self.entry(cost: 300, storedAt: clock.now))
        #expect(cache.statistics.bytes == 700)
        #expect(cache.statistics.entries == 3)
        // Larger than the whole budget: not kept, and the old value under the key is gone too.
        cache.set("e", Self.entry(cost: 1001, storedAt: clock.now))
        #expect(cache.get("e") == nil)
        #expect(cache.keysByRecency == ["f", "d"])
        #expect(cache.statistics.bytes == 500)
        cache.remove("f")
        cache.remove("nothing")
        #expect(cache.keysByRecency == ["d"])
        #expect(cache.statistics.bytes == 200)
    }

    @Test("expired entries are never returned and are dropped when met")
    func expiry() {
        let clock = ManualWallClock()
        let cache = MemoryCache(capacityBytes: 10_000, now: clock.reading)
        cache.set("a", Self.entry(storedAt: clock.now, keep: 1000))
        clock.advance(milliseconds: 999)
        #expect(cache.get("a") != nil)
        clock.advance(milliseconds: 1)
        #expect(cache.get("a") == nil)
        #expect(cache.statistics.entries == 0)
        #expect(cache.statistics.expirations == 1)
        #expect(cache.statistics.misses == 1)
        // Stored already expired (an old record from elsewhere): not kept.
        cache.set("b", Self.entry(storedAt: clock.now - 2000, keep: 1000))
        #expect(cache.statistics.entries == 0)
    }

    @Test("making room drops expired entries first in LRU order, counted as expirations")
    func expiredMakeRoom() {
        let clock = ManualWallClock()
        let cache = MemoryCache(capacityBytes: 400, now: clock.reading)
        cache.set("s", Self.entry(storedAt: clock.now, keep: 10))
        cache.set("l", Self.entry(storedAt: clock.now, keep: 10_000))
        clock.advance(milliseconds: 20)
        cache.set("n", Self.entry(storedAt: clock.now))
        #expect(cache.keysByRecency == ["n", "l"])
        #expect(cache.statistics.expirations == 1)
        #expect(cache.statistics.evictions == 0)
    }

    @Test("locks: one owner at a time, until unlocked by the owner or lapsed")
    func locks() {
        let clock = ManualWallClock()
        let cache = MemoryCache(now: clock.reading)
        #expect(cache.lock("k", owner: "a", milliseconds: 500))
        #expect(!cache.lock("k", owner: "b", milliseconds: 500))
        #expect(!cache.lock("k", owner: "a", milliseconds: 500), "NX: the owner too is refused")
        cache.unlock("k", owner: "b")
        #expect(!cache.lock("k", owner: "b", milliseconds: 500), "only the owner unlocks")
        cache.unlock("k", owner: "a")
        #expect(cache.lock("k", owner: "b", milliseconds: 500))
        clock.advance(milliseconds: 499)
        #expect(!cache.lock("k", owner: "c", milliseconds: 500))
        clock.advance(milliseconds: 1)
        #expect(cache.lock("k", owner: "c", milliseconds: 500))
        // Locks and entries live apart.
        cache.set("k", Self.entry(storedAt: clock.now))
        #expect(cache.get("k") != nil)
        #expect(cache.statistics.locks == 1)
    }

    @Test("lapsed locks do not pile up")
    func lockSweep() {
        let clock = ManualWallClock()
        let cache = MemoryCache(now: clock.reading)
        for index in 0..<5000 {
            #expect(cache.lock("k\(index)", owner: "a", milliseconds: 10))
            clock.advance(milliseconds: 1)
        }
        #expect(cache.statistics.locks < 2100)
    }

    @Test("many tasks at once: counters and bytes stay consistent, one lock winner")
    func concurrent() async {
        let clock = ManualWallClock()
        let cache = MemoryCache(capacityBytes: 20 * 300, now: clock.reading)
        let gets = await withTaskGroup(of: Int.self) { group in
            for task in 0..<16 {
                group.addTask {
                    var gets = 0
                    for step in 0..<2000 {
                        let key = "k\((task * 7 + step * 13) % 64)"
                        switch step % 4 {
                        case 0, 1:
                            gets += 1
                            if let entry = await (cache as any CacheDriver).get(key) { #expect(entry.value.count == 300 - 96 - key.utf8.count) }
                        case 2:
                            cache.set(key, CacheEntry(value: [UInt8](repeating: 1, count: 300 - 96 - key.utf8.count),
                                                      storedAt: clock.now, freshForMilliseconds: 1, keepForMilliseconds: 60_000))
                        default:
                            if step % 40 == 3 { cache.remove(key) }
                        }
                    }
                    return gets
                }
            }
            return await group.reduce(0, +)
        }
        let statistics = cache.statistics
        #expect(statistics.hits + statistics.misses == gets)
        #expect(statistics.bytes <= statistics.capacityBytes)
        #expect(statistics.bytes == statistics.entries * 300)
        #expect(cache.keysByRecency.count == statistics.entries)
        #expect(statistics.evictions > 0)

        let winners = await withTaskGroup(of: Bool.self) { group in
            for owner in 0..<64 {
                group.addTask { await (cache as any CacheDriver).lock("fill", owner: "o\(owner)", milliseconds: 1000) }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(winners == 1)
    }
}
