/// A shared cache (Redis) with memory standing in while it is degraded.
///
/// Every call goes to the primary first: while it is away it answers at once, and reconnects at
/// its own pace (Redis's probe, or a later call). When its status says it is degraded after the
/// call, the memory cache answers instead. Requests never fail because of either.
///
/// ```swift
/// let cache = FallbackCache(primary: RedisCache(endpoint: endpoint), memory: MemoryCache())
/// await cache.status  // .degraded(reason: "redis: Connection refused") while Redis is down
/// ```
///
/// Single-flight locks follow the same rule: taken in Redis (shared by every instance) while it
/// works, in memory (this instance only) while it does not.
public final class FallbackCache: CacheDriver {
    /// The shared cache.
    public let primary: any CacheDriver
    /// The stand-in, also read for its statistics.
    public let memory: MemoryCache

    /// The memory stand-in's bytes (Redis's are not in this process).
    public var heldBytes: Int { memory.heldBytes }

    /// Wraps `primary` with `memory` as the stand-in.
    public init(primary: any CacheDriver, memory: MemoryCache = MemoryCache()) {
        self.primary = primary
        self.memory = memory
    }

    /// The primary's name.
    public var name: String { primary.name }

    /// The primary's entry while it works, else the memory's.
    public func get(_ key: String) async -> CacheEntry? {
        if let entry = await primary.get(key) { return entry }
        guard await primary.status.isOK else { return memory.get(key) }
        return nil
    }

    /// Stores in the primary while it works, else in memory.
    public func set(_ key: String, _ entry: CacheEntry) async {
        await primary.set(key, entry)
        if await primary.status.isOK {
            // Memory may hold an older value from an earlier outage; it must not come back in
            // the next one.
            memory.remove(key)
        } else {
            memory.set(key, entry)
        }
    }

    /// Removes from both, so that neither can serve the entry later.
    public func remove(_ key: String) async {
        await primary.remove(key)
        memory.remove(key)
    }

    /// The primary's lock while it works (every instance sees it), else a lock in memory.
    public func lock(_ key: String, owner: String, milliseconds: Int) async -> Bool {
        let taken = await primary.lock(key, owner: owner, milliseconds: milliseconds)
        guard await primary.status.isOK else { return memory.lock(key, owner: owner, milliseconds: milliseconds) }
        return taken
    }

    /// Releases the lock wherever `owner` took it: both sides check the owner, so trying both
    /// is safe when the primary came or went in between.
    public func unlock(_ key: String, owner: String) async {
        await primary.unlock(key, owner: owner)
        memory.unlock(key, owner: owner)
    }

    /// The primary's status: degraded while memory stands in.
    public var status: CacheStatus {
        get async { await primary.status }
    }

    /// Stops the primary's background work.
    public func shutdown() async {
        await primary.shutdown()
    }
}
