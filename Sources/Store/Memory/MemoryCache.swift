import Synchronization
public import Kernel

/// An in-process cache: least-recently-used entries evicted to stay within a byte budget.
///
/// The default driver, and the stand-in while Redis is unreachable. One `Mutex` guards the
/// table; every operation is O(1) and holds it only for a few dictionary and index updates.
///
/// ```swift
/// let cache = MemoryCache(capacityBytes: 64 << 20)
/// await cache.set(key, entry)
/// let hit = await cache.get(key)
/// ```
public final class MemoryCache: CacheDriver {
    /// Counters for `/metrics`.
    public struct Statistics: Sendable, Equatable {
        /// Entries held, including expired ones not met yet.
        public var entries = 0
        /// Bytes charged for them: keys, values and a fixed overhead per entry.
        public var bytes = 0
        /// The byte budget.
        public var capacityBytes = 0
        /// Lookups that found a live entry.
        public var hits = 0
        /// Lookups that found nothing, or only an expired entry.
        public var misses = 0
        /// Live entries removed to make room for others.
        public var evictions = 0
        /// Expired entries removed when met.
        public var expirations = 0
        /// Locks held, including lapsed ones not swept yet.
        public var locks = 0

        /// All zero.
        public init() {}
    }

    /// 64 MiB.
    public static let defaultCapacityBytes = 64 << 20

    private struct State {
        var table: LRUTable
        var locks = LockTable()
        var statistics = Statistics()
    }

    /// `memory`.
    public let name = "memory"
    private let state: Mutex<State>
    private let now: @Sendable () -> Int64

    /// Creates an empty cache of `capacityBytes`; `now` gives milliseconds since the epoch
    /// (tests pass a clock they move by hand).
    public init(capacityBytes: Int = MemoryCache.defaultCapacityBytes, now: @escaping @Sendable () -> Int64 = WallClock.milliseconds) {
        state = Mutex(State(table: LRUTable(capacity: capacityBytes)))
        self.now = now
    }

    /// The entry under `key` unless it has expired; a hit makes it the most recently used.
    public func get(_ key: String) -> CacheEntry? {
        let now = now()
        return state.withLock { state in
            switch state.table.get(key, now: now) {
            case .hit(let entry):
                state.statistics.hits += 1
                return entry
            case .expired:
                state.statistics.expirations += 1
                state.statistics.misses += 1
                return nil
            case .miss:
                state.statistics.misses += 1
                return nil
            }
        }
    }

    /// Stores an entry, evicting the least recently used ones until it fits; an entry larger
    /// than the whole budget is not kept.
    public func set(_ key: String, _ entry: CacheEntry) {
        let now = now()
        state.withLock { state in
            let displaced = state.table.set(key, entry, now: now)
            state.statistics.evictions += displaced.evicted
            state.statistics.expirations += displaced.expired
        }
    }

    /// Forgets the entry under `key`.
    public func remove(_ key: String) {
        state.withLock { _ = $0.table.remove(key) }
    }

    /// Takes the lock `key` for `owner` for `milliseconds` unless it is held.
    public func lock(_ key: String, owner: String, milliseconds: Int) -> Bool {
        let now = now()
        return state.withLock { $0.locks.lock(key, owner: owner, milliseconds: milliseconds, now: now) }
    }

    /// Releases the lock `key` if `owner` holds it.
    public func unlock(_ key: String, owner: String) {
        let now = now()
        state.withLock { $0.locks.unlock(key, owner: owner, now: now) }
    }

    /// Always `.ok`: memory does not go away.
    public var status: CacheStatus { .ok }

    /// Bytes of the entries held now (keys and values), at most the capacity.
    public var heldBytes: Int { state.withLock { $0.table.bytes } }

    /// The counters as of now.
    public var statistics: Statistics {
        state.withLock { state in
            var statistics = state.statistics
            statistics.entries = state.table.count
            statistics.bytes = state.table.bytes
            statistics.capacityBytes = state.table.capacity
            statistics.locks = state.locks.count
            return statistics
        }
    }

    /// Keys from the most to the least recently used, for tests.
    var keysByRecency: [String] {
        state.withLock { $0.table.keysByRecency }
    }
}
