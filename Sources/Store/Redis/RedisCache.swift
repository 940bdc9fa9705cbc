import Synchronization
public import Kernel

/// A cache shared by several instances through one Redis server, over hiredis.
///
/// Entries are stored encoded (`CacheEntry.encoded()`) with `SET … PX`, so that Redis drops
/// each one by itself when its `keepFor` ends. Locks are `SET key:lock owner NX PX ms`,
/// released by a Lua script only by their owner.
///
/// The connection lives on a thread of its own (the actor's executor): hiredis blocks, and
/// blocking the cooperative pool would stall unrelated requests. One connection, one command at
/// a time: a round trip on loopback is tens of microseconds, well below an upstream fetch.
///
/// Nothing is thrown to callers. A failed connection or command marks the cache degraded and
/// answers a miss; the broken connection is dropped and a new one is tried on a later call, at
/// most once per `reconnectInterval` from the failure, so that while Redis is away calls return
/// at once instead of each waiting for a timeout. A call's own wait is bounded by the timeouts:
/// one to connect, and one per command it sends (`AUTH` and `SELECT` on a new connection, then
/// the command, retried once on a new connection if Redis had closed the old one while it sat
/// idle). A call queued behind it waits for that too, then returns at once if it failed.
///
/// A probe in the background keeps `status` true to Redis's state when no call reaches it (an
/// instance answering every request from memory): it sends `PING` on the same thread, like a
/// call, every `ProbeInterval.healthy` (5 s) after the last contact while Redis answers and
/// every `ProbeInterval.degraded` (1 s) while it does not, which also reconnects. `shutdown()`
/// stops it. `statusChanged` hears of the first status and of every change between ok and
/// degraded, once each, for a log line.
///
/// ```swift
/// let cache = RedisCache(endpoint: try RedisEndpoint(parsing: "redis://127.0.0.1:6379/0"))
/// await cache.set(key, entry)
/// ```
public actor RedisCache: CacheDriver {
    /// How long to wait for Redis.
    public struct Timeout: Sendable, Equatable {
        /// To establish the TCP connection (and `AUTH`/`SELECT`, which use the command timeout).
        public var connect: Duration
        /// For each command's reply.
        public var command: Duration

        /// 500 ms each: Redis answers in well under a millisecond, so anything slower is an outage.
        public init(connect: Duration = .milliseconds(500), command: Duration = .milliseconds(500)) {
            self.connect = connect
            self.command = command
        }
    }

    /// `redis`.
    public nonisolated let name = "redis"
    /// The server.
    public nonisolated let endpoint: RedisEndpoint
    private nonisolated let timeout: Timeout
    private nonisolated let reconnectInterval: Duration
    private nonisolated let now: @Sendable () -> Int64
    private nonisolated let monotonic: @Sendable () -> ContinuousClock.Instant
    private nonisolated let executor: ThreadExecutor
    private nonisolated let statusChanged: (@Sendable (CacheStatus) -> Void)?
    /// Readable without queueing behind a slow command, for `/readyz`; also the probe's schedule.
    nonisolated let health: Mutex<RedisHealth>
    nonisolated let probeTask = Mutex<Task<Void, Never>?>(nil)
    nonisolated let probing = Atomic<Bool>(false)
    var connection: RedisConnection?
    /// The SHA-1 Redis gave each script loaded with `SCRIPT LOAD`, by script text, for `EVALSHA`.
    var scriptDigests: [String: String] = [:]
    private var lastAttempt: ContinuousClock.Instant?
    private nonisolated let attempts = Atomic<Int>(0)

    /// Connections tried so far, successful or not: while Redis is away, at most one each
    /// `reconnectInterval`, however many calls come.
    public nonisolated var connectAttempts: Int { attempts.load(ordering: .relaxed) }

    /// The actor runs on its own thread (see the type's comment).
    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    /// Creates the cache and starts its probe (none if `probe` is nil: then the status follows
    /// the calls alone); it connects on the probe's first `PING` or on first use. `now` gives
    /// milliseconds since the epoch; `monotonic` is the clock the reconnect interval is counted
    /// on (a test moves it by hand); `statusChanged` is called on the cache's thread.
    public init(
        endpoint: RedisEndpoint, timeout: Timeout = Timeout(), reconnectInterval: Duration = .seconds(1),
        probe: ProbeInterval? = ProbeInterval(), now: @escaping @Sendable () -> Int64 = WallClock.milliseconds,
        monotonic: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now },
        statusChanged: (@Sendable (CacheStatus) -> Void)? = nil
    ) {
        self.endpoint = endpoint
        self.timeout = timeout
        self.reconnectInterval = reconnectInterval
        self.now = now
        self.monotonic = monotonic
        self.statusChanged = statusChanged
        health = Mutex(RedisHealth(interval: probe ?? ProbeInterval()))
        executor = ThreadExecutor(name: "redis-cache")
        if probe != nil {
            let task = startProbe()
            probeTask.withLock { $0 = task }
        }
    }

    deinit {
        probeTask.withLock { $0?.cancel() }
        executor.shutdown()
    }

    /// `.ok` after the last contact with Redis (a call's command or the probe's `PING`)
    /// succeeded; `.degraded("redis: …")` after a failure.
    public nonisolated var status: CacheStatus {
        health.withLock { $0.status }
    }

    /// Sends `PING`, connecting first if needed and allowed, and returns the status: what the
    /// probe does, on demand.
    @discardableResult
    public func ping() -> CacheStatus {
        _ = run { connection throws(CacheError) in _ = try connection.command(["PING"]).expectStatus("PONG") }
        return status
    }

    /// The entry under `key`, if Redis has one that decodes and has not expired.
    public func get(_ key: String) -> CacheEntry? {
        let stored = run { connection throws(CacheError) -> [UInt8]? in
            let reply = try connection.command(["GET", RedisArgument(key)])
            return reply.isNil ? nil : reply.bytes
        }
        // Another format or another program's value under our key is a miss, not an error; the
        // expiry check covers clocks that differ between the instance that stored and this one.
        guard let bytes = stored ?? nil, let entry = CacheEntry(decoding: bytes), !entry.isExpired(at: now()) else {
            return nil
        }
        return entry
    }

    /// Stores an entry until its `expiresAt`; an already expired one only removes the key.
    public func set(_ key: String, _ entry: CacheEntry) {
        let milliseconds = entry.expiresAt - now()
        guard milliseconds > 0 else { return remove(key) }
        _ = run { connection throws(CacheError) in
            _ = try connection.command(["SET", RedisArgument(key), RedisArgument(entry.encoded()), "PX", RedisArgument(milliseconds)])
                .expectStatus("OK")
        }
    }

    /// Deletes the key.
    public func remove(_ key: String) {
        _ = run { connection throws(CacheError) in _ = try connection.command(["DEL", RedisArgument(key)]) }
    }

    /// `SET key:lock owner NX PX milliseconds`; false if another owner holds it or Redis is away.
    public func lock(_ key: String, owner: String, milliseconds: Int) -> Bool {
        let taken = run { connection throws(CacheError) -> Bool in
            let reply = try connection.command([
                "SET", RedisArgument(Self.lockKey(key)), RedisArgument(owner), "NX", "PX", RedisArgument(max(1, milliseconds)),
            ])
            return !reply.isNil
        }
        return taken ?? false
    }

    /// Deletes `key:lock` only if `owner` still holds it, atomically on the server.
    public func unlock(_ key: String, owner: String) {
        _ = run { connection throws(CacheError) in
            _ = try connection.command(["EVAL", RedisArgument(Self.unlockScript), "1", RedisArgument(Self.lockKey(key)), RedisArgument(owner)])
        }
    }

    static let unlockScript = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end"

    /// Where the lock named `key` lives: beside the entry, never on it (cache keys end in hex).
    static func lockKey(_ key: String) -> String {
        key + ":lock"
    }

    // MARK: The connection

    /// Runs `body` on the connection, connecting first if due; nil if there is no connection or
    /// the command failed, which marks the cache degraded.
    func run<T>(_ body: (borrowing RedisConnection) throws(CacheError) -> T) -> T? {
        var retried = false
        while let connection = connectIfDue() {
            do {
                let result = try body(connection)
                record(.ok)
                return result
            } catch {
                if error.kind == .connectionLost || error.kind == .timeout {
                    self.connection = nil
                    // The backoff counts from the failure, not from the connection's start.
                    lastAttempt = monotonic()
                }
                // A connection Redis closed while it sat idle (a restart, a client timeout) fails
                // at once on its next command: one retry on a new connection hides that. A
                // timeout is not retried; it has already taken its time.
                if error.kind == .connectionLost, !retried {
                    retried = true
                    lastAttempt = nil
                    continue
                }
                record(.degraded(reason: "redis: \(error.message)"))
                return nil
            }
        }
        return nil
    }

    /// The connection, opening one unless the last attempt was less than `reconnectInterval` ago.
    private func connectIfDue() -> RedisConnection? {
        if let connection { return connection }
        let instant = monotonic()
        if let lastAttempt, instant - lastAttempt < reconnectInterval { return nil }
        lastAttempt = instant
        attempts.add(1, ordering: .relaxed)
        do {
            connection = try RedisConnection(endpoint: endpoint, connectTimeout: timeout.connect, commandTimeout: timeout.command)
            return connection
        } catch {
            record(.degraded(reason: "redis: \(error.message)"))
            return nil
        }
    }

    /// Records the outcome of a contact that just ended, telling `statusChanged` (outside the
    /// lock) when it is news.
    private func record(_ outcome: CacheStatus) {
        let news = health.withLock { $0.record(outcome, at: ContinuousClock().now) }
        if let news { statusChanged?(news) }
    }
}
