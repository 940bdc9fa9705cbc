/// Named locks with an owner and an expiry, as Redis `SET key owner NX PX ms` keeps them.
///
/// Expired locks are dropped when met, and swept whenever the table has doubled since the last
/// sweep, so that locks nobody asks about again cannot pile up. Not thread-safe: its owner
/// guards it.
struct LockTable {
    private var locks: [String: (owner: String, until: Int64)] = [:]
    private var sweepAt = 1024

    /// The number of locks held, lapsed ones not yet swept included.
    var count: Int { locks.count }

    /// Takes the lock for `owner` until `now + milliseconds` unless someone holds it (the same
    /// owner included, as with `NX`); true if taken.
    mutating func lock(_ key: String, owner: String, milliseconds: Int, now: Int64) -> Bool {
        if let held = locks[key], held.until > now { return false }
        if locks.count >= sweepAt {
            locks = locks.filter { $0.value.until > now }
            sweepAt = max(1024, locks.count * 2)
        }
        locks[key] = (owner, now + Int64(max(1, milliseconds)))
        return true
    }

    /// Releases the lock if `owner` holds it; a lapsed lock is dropped whoever asks.
    mutating func unlock(_ key: String, owner: String, now: Int64) {
        guard let held = locks[key] else { return }
        if held.owner == owner || held.until <= now { locks[key] = nil }
    }
}
