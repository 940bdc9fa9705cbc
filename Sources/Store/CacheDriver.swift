/// Where cached entries live: memory, Redis, or Redis with memory standing in.
///
/// A driver only stores: freshness, stale windows and single-flight decisions belong to its
/// caller. Every method returns normally: a driver that cannot reach its backend answers a
/// miss, drops the write, and reports it through `status` — requests never fail because of
/// the cache.
public protocol CacheDriver: Sendable {
    /// A short name for logs and metrics (`memory`, `redis`).
    var name: String { get }

    /// The entry stored under `key`, or nil if there is none or it has expired.
    func get(_ key: String) async -> CacheEntry?

    /// Stores an entry under `key`, replacing any other; it disappears by itself at `expiresAt`.
    func set(_ key: String, _ entry: CacheEntry) async

    /// Forgets the entry under `key`, if any.
    func remove(_ key: String) async

    /// Takes the lock named `key` for `owner` unless another owner holds it; true if taken.
    ///
    /// Redis `SET key owner NX PX milliseconds` semantics: the lock lapses by itself after
    /// `milliseconds`, so that an owner that died cannot hold it forever. Locks live apart from
    /// entries: a lock and an entry may share a key.
    func lock(_ key: String, owner: String, milliseconds: Int) async -> Bool

    /// Releases the lock named `key` if `owner` still holds it; otherwise does nothing.
    func unlock(_ key: String, owner: String) async

    /// Whether the driver currently works as configured.
    var status: CacheStatus { get async }

    /// Bytes of entries this process holds in its own memory (none for Redis), for metrics.
    var heldBytes: Int { get }

    /// Stops the driver's background work (Redis's probe) and waits for it to end; calls still
    /// work afterwards.
    func shutdown() async
}

extension CacheDriver {
    /// Nothing to stop: most drivers have no background work.
    public func shutdown() async {}

    /// None: the entries live elsewhere.
    public var heldBytes: Int { 0 }
}
