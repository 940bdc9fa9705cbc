import HTTPTesting
import Testing
@testable import Store
import Kernel

/// Timeouts long against a loaded machine's delays (a stopped server refuses at once, so outage
/// tests never wait for them), and a short reconnect interval, counted on `monotonic` (a test's
/// `ManualClock` via ``manualInstants(_:)`` when the count of reconnections matters).
/// No probe unless asked for: these tests see the state that their own calls leave.
func testCache(
    _ server: RedisServer, port: Int? = nil, database: Int = 0, password: String? = nil, probe: RedisCache.ProbeInterval? = nil,
    now: @escaping @Sendable () -> Int64 = WallClock.milliseconds,
    monotonic: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now },
    statusChanged: (@Sendable (CacheStatus) -> Void)? = nil
) -> RedisCache {
    RedisCache(
        endpoint: RedisEndpoint(host: "127.0.0.1", port: port ?? server.port, database: database, password: password),
        timeout: RedisCache.Timeout(connect: .seconds(10), command: .seconds(10)),
        reconnectInterval: .milliseconds(100), probe: probe, now: now, monotonic: monotonic, statusChanged: statusChanged)
}

/// A `monotonic` reading for a cache that moves only with `clock`.
func manualInstants(_ clock: ManualClock) -> @Sendable () -> ContinuousClock.Instant {
    let start = ContinuousClock.now
    return { start + clock.now.offset }
}

/// A plain connection for looking behind the cache's back (`PTTL`, foreign values).
func rawConnection(_ server: RedisServer, database: Int = 0) throws -> RedisConnection {
    try RedisConnection(
        endpoint: RedisEndpoint(host: "127.0.0.1", port: server.port, database: database),
        connectTimeout: .seconds(1), commandTimeout: .seconds(1))
}

/// An entry stored now, fresh for half its life.
func liveEntry(_ text: String, keep: Int64 = 60_000) -> CacheEntry {
    CacheEntry(value: Array(text.utf8), storedAt: WallClock.milliseconds(), freshForMilliseconds: keep / 2, keepForMilliseconds: keep)
}

/// How long `body` took.
func timed<T>(_ body: () async throws -> T) async rethrows -> (T, Duration) {
    let clock = ContinuousClock()
    let start = clock.now
    let result = try await body()
    return (result, clock.now - start)
}

/// Calls `probe` until it is true: for a count another thread (the probe, Redis) brings up. The
/// limit is a guard against a hang, not a measure; false if it was reached.
func eventually(limit: Duration = .seconds(60), _ probe: () async -> Bool) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + limit
    while clock.now < deadline {
        if await probe() { return true }
        try? await Task.sleep(for: .milliseconds(20))
    }
    return false
}
