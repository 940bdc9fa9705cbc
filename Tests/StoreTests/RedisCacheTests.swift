import HTTPTesting
import Synchronization
import Testing
@testable import Store
import Kernel

/// `RedisCache` against a real `redis-server` on loopback.
@Suite("RedisCache", .serialized)
struct RedisCacheTests {
    @Test("set, get and remove; the key expires by itself with PX")
    func getSetRemove() async throws {
        try await RedisServer.with { server in
            let cache = testCache(server)
            #expect(cache.status == .degraded(reason: "redis: not connected yet"))
            #expect(await cache.ping() == .ok)
            let entry = liveEntry("<departures/>")
            await cache.set("gottago:v1:r:d:1", entry)
            #expect(await cache.get("gottago:v1:r:d:1") == entry)
            #expect(await cache.get("gottago:v1:r:d:2") == nil)
            #expect(cache.status == .ok)
            let raw = try rawConnection(server)
            let ttl = try raw.command(["PTTL", "gottago:v1:r:d:1"]).integer
            // PX is the entry's remaining 60 s: less only by the time since it was made, however
            // long a loaded machine took.
            let since = WallClock.milliseconds() - entry.storedAt
            #expect(ttl >= 60_000 - since - 5 && ttl <= 60_000, "PTTL \(ttl), \(since) ms after the entry was made")
            await cache.remove("gottago:v1:r:d:1")
            #expect(await cache.get("gottago:v1:r:d:1") == nil)
            // Binary-safe, and large.
            let binary = CacheEntry(value: [0, 13, 10, 0, 255] + [UInt8](repeating: 0, count: 2 << 20), storedAt: WallClock.milliseconds(),
                                    freshForMilliseconds: 1000, keepForMilliseconds: 60_000)
            await cache.set("binary", binary)
            #expect(await cache.get("binary") == binary)
        }
    }

    @Test("expired entries are never returned: PX is the time left on the cache's clock, the stored times rule, an expired set removes")
    func expiry() async throws {
        try await RedisServer.with { server in
            let clock = ManualWallClock(WallClock.milliseconds())
            let cache = testCache(server, now: clock.reading)
            // Kept for a minute: Redis, on its own clock, keeps the key for the whole test.
            let entry = CacheEntry(value: Array("soon gone".utf8), storedAt: clock.now, freshForMilliseconds: 30_000, keepForMilliseconds: 60_000)
            await cache.set("short", entry)
            #expect(await cache.get("short") == entry)
            // Redis drops the key by itself when the entry's time is up.
            let ttl = try rawConnection(server).command(["PTTL", "short"]).integer
            #expect(ttl > 0 && ttl <= 60_000, "PTTL \(ttl)")
            clock.advance(milliseconds: 59_999)
            #expect(await cache.get("short") == entry)
            // Up on the cache's clock: gone, whether Redis has dropped the key yet or not.
            clock.advance(milliseconds: 1)
            #expect(await cache.get("short") == nil)

            // Written without PX by someone whose clock is ahead, say: the times still rule.
            let stale = CacheEntry(value: [1], storedAt: clock.now - 10_000, freshForMilliseconds: 1, keepForMilliseconds: 5_000)
            _ = try rawConnection(server).command(["SET", "stale", RedisArgument(stale.encoded())])
            #expect(await cache.get("stale") == nil)

            await cache.set("k", liveEntry("old"))
            await cache.set("k", stale)
            #expect(try rawConnection(server).command(["EXISTS", "k"]).integer == 0)

            // Redis's own expiry, with the cache's clock standing still: the key is gone when Redis
            // says so (PTTL -2), however long that took on this machine, and the cache misses.
            let brief = CacheEntry(value: [2], storedAt: clock.now - 59_950, freshForMilliseconds: 1, keepForMilliseconds: 60_000)
            await cache.set("brief", brief)
            let raw = try rawConnection(server)
            let left = try raw.command(["PTTL", "brief"]).integer
            // 0: the key's last millisecond, when this machine took the whole 50 ms to ask.
            #expect(left == -2 || (0...50).contains(left), "PTTL \(left)")
            while try raw.command(["PTTL", "brief"]).integer != -2 { await Task.yield() }
            #expect(await cache.get("brief") == nil)
        }
    }

    @Test("foreign or truncated bytes under a key are a miss, not an outage")
    func foreignValues() async throws {
        try await RedisServer.with { server in
            let cache = testCache(server)
            let raw = try rawConnection(server)
            _ = try raw.command(["SET", "foreign", "hello"])
            _ = try raw.command(["SET", "cut", RedisArgument(Array(liveEntry("truncated").encoded().dropLast()))])
            #expect(await cache.get("foreign") == nil)
            #expect(await cache.get("cut") == nil)
            #expect(cache.status == .ok)
        }
    }

    @Test("locks: SET NX PX ownership, lapse, release only by the owner, apart from entries")
    func locks() async throws {
        try await RedisServer.with { server in
            let cache = testCache(server)
            #expect(await cache.lock("fill", owner: "a", milliseconds: 5000))
            #expect(await !cache.lock("fill", owner: "b", milliseconds: 5000))
            #expect(await !cache.lock("fill", owner: "a", milliseconds: 5000))
            await cache.unlock("fill", owner: "b")
            #expect(await !cache.lock("fill", owner: "b", milliseconds: 5000), "only the owner releases")
            await cache.unlock("fill", owner: "a")
            #expect(await cache.lock("fill", owner: "b", milliseconds: 5000))
            // The lock lapses by Redis's PX; its lapse is Redis's to keep, and stood in for here by DEL.
            let raw = try rawConnection(server)
            let ttl = try raw.command(["PTTL", RedisArgument(RedisCache.lockKey("fill"))]).integer
            #expect(ttl > 0 && ttl <= 5000, "PTTL \(ttl)")
            _ = try raw.command(["DEL", RedisArgument(RedisCache.lockKey("fill"))])
            #expect(await cache.lock("fill", owner: "c", milliseconds: 5000), "lapsed")
            // An entry under the lock's name is untouched by the lock and vice versa.
            let entry = liveEntry("value")
            await cache.set("fill", entry)
            #expect(await cache.get("fill") == entry)
            #expect(await !cache.lock("fill", owner: "d", milliseconds: 5000))
            #expect(cache.status == .ok)
        }
    }

    @Test("two instances share entries and locks; databases are apart")
    func sharing() async throws {
        try await RedisServer.with { server in
            let first = testCache(server)
            let second = testCache(server)
            let entry = liveEntry("shared")
            await first.set("k", entry)
            #expect(await second.get("k") == entry)
            #expect(await second.lock("fill", owner: "second", milliseconds: 5000))
            #expect(await !first.lock("fill", owner: "first", milliseconds: 5000))
            await second.unlock("fill", owner: "second")
            #expect(await first.lock("fill", owner: "first", milliseconds: 5000))
            await second.remove("k")
            #expect(await first.get("k") == nil)

            let other = testCache(server, database: 3)
            await first.set("k", entry)
            #expect(await other.get("k") == nil)
            await other.set("only-in-3", entry)
            #expect(await first.get("only-in-3") == nil)
            let exists = try rawConnection(server, database: 3).command(["EXISTS", "only-in-3"]).integer
            #expect(exists == 1)
        }
    }

    @Test("many concurrent callers on one instance")
    func concurrentCallers() async throws {
        try await RedisServer.with { server in
            let cache = testCache(server)
            let hits = await withTaskGroup(of: Int.self) { group in
                for task in 0..<8 {
                    group.addTask {
                        var hits = 0
                        for step in 0..<100 {
                            let key = "k\((task + step) % 10)"
                            await cache.set(key, liveEntry(key))
                            if await cache.get(key)?.value == Array(key.utf8) { hits += 1 }
                        }
                        return hits
                    }
                }
                return await group.reduce(0, +)
            }
            #expect(hits == 800)
            #expect(cache.status == .ok)
        }
    }

    @Test("AUTH with a password; without one the cache is degraded with Redis's words")
    func authentication() async throws {
        try await RedisServer.with(arguments: ["--requirepass", "s3cret"]) { server in
            let good = testCache(server, password: "s3cret")
            await good.set("k", liveEntry("v"))
            #expect(await good.get("k") != nil)
            #expect(good.status == .ok)
            let none = testCache(server)
            #expect(await none.get("k") == nil)
            guard case .degraded(let reason) = none.status else { Issue.record("not degraded"); return }
            #expect(reason.contains("NOAUTH"), "\(reason)")
            let wrong = testCache(server, password: "nope")
            #expect(await wrong.get("k") == nil)
            #expect(!wrong.status.isOK)
        }
    }

    @Test("nobody listening: degraded at once, and later calls return without trying again")
    func unreachable() async throws {
        let port = try RedisServer.freePort()
        let clock = ManualClock()
        let cache = RedisCache(
            endpoint: RedisEndpoint(host: "127.0.0.1", port: port), reconnectInterval: .seconds(60), monotonic: manualInstants(clock))
        let status = await cache.ping()
        guard case .degraded(let reason) = status else { Issue.record("not degraded"); return }
        #expect(reason.lowercased().contains("refused"), "\(reason)")
        #expect(cache.connectAttempts == 1)
        for _ in 0..<1000 {
            await cache.set("k", liveEntry("v"))
            _ = await cache.get("k")
            _ = await cache.lock("k", owner: "a", milliseconds: 10)
        }
        // Within the reconnect interval, on a clock that stands still, no call tries to connect
        // again: they return without waiting for a connection.
        #expect(cache.connectAttempts == 1)
        #expect(await cache.status == status)
        clock.advance(by: .seconds(60))
        _ = await cache.get("k")
        #expect(cache.connectAttempts == 2)
    }

    @Test("a frozen server: calls wait one command timeout, then the cache recovers when it thaws")
    func frozen() async throws {
        try await RedisServer.with { server in
            // Timeouts long against a loaded machine's delays, and a reconnect interval long enough
            // that the second call surely falls within it.
            let clock = ManualClock()
            let cache = RedisCache(
                endpoint: RedisEndpoint(host: "127.0.0.1", port: server.port),
                timeout: RedisCache.Timeout(connect: .seconds(2), command: .seconds(2)),
                reconnectInterval: .seconds(5), monotonic: manualInstants(clock))
            await cache.set("k", liveEntry("v"))
            let attempts = cache.connectAttempts
            server.pause()
            // The reply's timeout is the socket's, on the real clock: never shorter than asked.
            let (value, waited) = await timed { await cache.get("k") }
            #expect(value == nil)
            #expect(waited >= .milliseconds(1900), "\(waited)")
            guard case .degraded(let reason) = cache.status else { Issue.record("not degraded"); return }
            #expect(reason.contains("timed out"), "\(reason)")
            // Within the reconnect interval nobody connects, so nobody waits again.
            #expect(await cache.get("k") == nil)
            #expect(cache.connectAttempts == attempts)
            server.resume()
            clock.advance(by: .seconds(5))
            #expect(await cache.get("k") != nil)
            #expect(cache.connectAttempts == attempts + 1)
            #expect(cache.status == .ok)
        }
    }

    @Test("the connection recovers after a restart without a visible miss")
    func restart() async throws {
        try await RedisServer.with { server in
            let cache = testCache(server)
            #expect(await cache.ping() == .ok)
            try await server.restart()
            await cache.set("k", liveEntry("after restart"))
            #expect(cache.status == .ok)
            #expect(await cache.get("k") != nil)
        }
    }

    @Test("a restarted server gets its port back: the port lies outside the ephemeral range, which listeners on port 0 are given")
    func restartKeepsPort() async throws {
        try await RedisServer.with { server in
            // Read here, not through the helper under test.
            let text = try String(contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8)
            let bounds = text.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
            try #require(bounds.count == 2)
            #expect(!(bounds[0]...bounds[1]).contains(server.port), "\(server.port) in \(bounds)")
            try await server.restart()
            #expect(await testCache(server).ping() == .ok)
        }
    }

    @Test("free ports are never handed out twice")
    func portsHandedOutOnce() throws {
        let ports = try (0..<200).map { _ in try RedisServer.freePort() }
        #expect(Set(ports).count == ports.count)
    }

    @Test("a probe tick by hand: PING when due, nothing before the next is due")
    func probeTicks() async throws {
        let port = try RedisServer.freePort()
        // No probe task and no reconnect backoff: only the ticks below contact Redis.
        let cache = RedisCache(endpoint: RedisEndpoint(host: "127.0.0.1", port: port), reconnectInterval: .zero, probe: nil)
        let before = ContinuousClock().now
        let next = try #require(await cache.probeIfDue())
        #expect(cache.connectAttempts == 1)
        guard case .degraded(let reason) = cache.status else { Issue.record("not degraded"); return }
        #expect(reason.lowercased().contains("refused"), "\(reason)")
        // Due again one degraded interval (1 s) after the tick, not before.
        #expect(next >= before + .seconds(1))
        let again = try #require(await cache.probeIfDue())
        #expect(again == next)
        #expect(cache.connectAttempts == 1)
        #expect(!cache.isProbing)
    }

    @Test("the probe, without any call: Redis killed shows as degraded, restarted as ok, each change told once; shutdown stops it")
    func probe() async throws {
        try await RedisServer.with { server in
            let changes = StatusChanges()
            // Counted before the cache exists: the server's own readiness check pings it too.
            let raw = try rawConnection(server)
            let pinged = try raw.pings()
            let cache = testCache(
                server, probe: RedisCache.ProbeInterval(healthy: .milliseconds(50), degraded: .milliseconds(50)),
                statusChanged: changes.append)
            #expect(cache.isProbing)
            var news = changes.stream.makeAsyncIterator()
            #expect(await news.next() == .ok)
            // Several PINGs while healthy: no further news.
            #expect(await eventually { ((try? raw.pings()) ?? 0) >= pinged + 3 })
            #expect(changes.list == [.ok])

            server.stop()
            guard case .degraded(let reason) = await news.next() else { Issue.record("not degraded: \(changes.list)"); return }
            #expect(reason.hasPrefix("redis: "), "\(reason)")
            // Several attempts to reconnect while Redis is down: still one piece of news.
            let attempts = cache.connectAttempts
            #expect(await eventually { cache.connectAttempts >= attempts + 3 })
            #expect(changes.list.count == 2)

            try await server.restart()
            #expect(await news.next() == .ok)
            let restarted = try rawConnection(server)
            let pingedAgain = try restarted.pings()
            #expect(await eventually { ((try? restarted.pings()) ?? 0) >= pingedAgain + 3 })
            #expect(changes.list.count == 3)
            #expect(changes.list.last == .ok)

            await cache.shutdown()
            #expect(!cache.isProbing)
            // Calls still work after the probe has stopped.
            await cache.set("k", liveEntry("after shutdown"))
            #expect(await cache.get("k") != nil)
        }
    }

    @Test("a large write to a server that died: EPIPE, not a SIGPIPE that kills the process")
    func brokenPipe() async throws {
        try await RedisServer.with { server in
            let cache = testCache(server)
            #expect(await cache.ping() == .ok)
            server.stop()
            // Megabytes: the first bytes draw a reset, the rest are written into a broken pipe.
            let big = CacheEntry(value: [UInt8](repeating: 42, count: 8 << 20), storedAt: WallClock.milliseconds(),
                                 freshForMilliseconds: 1000, keepForMilliseconds: 60_000)
            for _ in 0..<3 { await cache.set("big", big) }
            #expect(!cache.status.isOK)
        }
    }
}

/// The statuses a cache told, in order; also as a stream, to wait for the next one.
final class StatusChanges: Sendable {
    private let statuses = Mutex<[CacheStatus]>([])
    let (stream, continuation) = AsyncStream<CacheStatus>.makeStream()

    var list: [CacheStatus] { statuses.withLock { $0 } }

    @Sendable func append(_ status: CacheStatus) {
        statuses.withLock { $0.append(status) }
        continuation.yield(status)
    }
}

extension RedisConnection {
    /// How many `PING`s the server has answered since it started (`INFO commandstats`).
    func pings() throws(CacheError) -> Int {
        let text = try command(["INFO", "commandstats"]).text ?? ""
        // cmdstat_ping:calls=12,usec=…
        guard let line = text.split(separator: "\r\n").first(where: { $0.hasPrefix("cmdstat_ping:") }),
              let calls = line.split(separator: ",").first?.split(separator: "=").last
        else { return 0 }
        return Int(calls) ?? 0
    }
}

