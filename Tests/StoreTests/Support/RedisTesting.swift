import HTTPTesting
import Testing
@testable import Store
import Kernel

/// Short timeouts and a short reconnect interval, so that outage tests take fractions of a second.
/// No probe unless asked for: these tests see the state that their own calls leave.
func testCache(
    _ server: RedisServer, port: Int? = nil, database: Int = 0, password: String? = nil, probe: RedisCache.ProbeInterval? = nil,
    now: @escaping @Sendable () -> Int64 = WallClock.milliseconds, statusChanged: (@Sendable (CacheStatus) -> Void)? = nil
) -> RedisCache {
    RedisCache(
        endpoint: RedisEndpoint(host: "127.0.0.1", port: port ?? server.port, database: database, password: password),
        timeout: RedisCache.Timeout(connect: .milliseconds(300), command: .milliseconds(300)),
        reconnectInterval: .milliseconds(100), probe: probe, now: now, statusChanged: statusChanged)
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

/// Calls `probe` until it is true, for up to `limit`; false if it never was.
func eventually(within limit: Duration = .seconds(3), _ probe: () async -> Bool) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + limit
    while clock.now < deadline {
        if await probe() { return true }
        try? await Task.sleep(for: .milliseconds(20))
    }
    return false
}
