/// Cache entries in least-recently-used order, bounded in bytes.
///
/// A dictionary from key to slot, and a doubly linked list threaded through the slots by array
/// index (no node objects, so no reference counting on the hot path): lookup, touch, insert and
/// eviction are O(1). Removed slots are recycled through a free list. Not thread-safe: its owner
/// guards it.
struct LRUTable {
    /// What a lookup found.
    enum Lookup: Equatable {
        case hit(CacheEntry)
        /// The entry was there but past its `expiresAt`; it is gone now.
        case expired
        case miss
    }

    /// What an insertion displaced, for the statistics.
    struct Displaced: Equatable {
        /// Live entries removed to make room.
        var evicted = 0
        /// Expired entries removed to make room.
        var expired = 0
    }

    /// Bytes charged per entry besides its key and value: the dictionary slot, the list links,
    /// the array and string headers. An estimate; it keeps a flood of tiny entries bounded too.
    static let overhead = 96

    private struct Slot {
        var key: String
        var entry: CacheEntry
        var cost: Int
        var newer: Int
        var older: Int
    }

    private static let none = -1

    /// The most bytes the entries may take, as `cost(of:_:)` counts them.
    let capacity: Int
    /// The bytes the entries take now.
    private(set) var bytes = 0
    private var slots: [Slot] = []
    private var freeSlots: [Int] = []
    private var slotByKey: [String: Int] = [:]
    private var newest = LRUTable.none
    private var oldest = LRUTable.none

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// The number of entries, expired ones not yet met included.
    var count: Int { slotByKey.count }

    /// The bytes an entry is charged.
    static func cost(of key: String, _ entry: CacheEntry) -> Int {
        key.utf8.count + entry.value.count + overhead
    }

    /// The entry under `key`, made the most recently used; an expired entry is dropped.
    mutating func get(_ key: String, now: Int64) -> Lookup {
        guard let slot = slotByKey[key] else { return .miss }
        guard !slots[slot].entry.isExpired(at: now) else {
            remove(slot: slot)
            return .expired
        }
        unlink(slot)
        linkNewest(slot)
        return .hit(slots[slot].entry)
    }

    /// Stores an entry as the most recently used, evicting the least recently used until it
    /// fits. An entry larger than the whole capacity, or already expired, is not stored (and
    /// any older entry under the key is dropped, so that it cannot be served instead).
    mutating func set(_ key: String, _ entry: CacheEntry, now: Int64) -> Displaced {
        if let slot = slotByKey[key] { remove(slot: slot) }
        let cost = Self.cost(of: key, entry)
        guard cost <= capacity, !entry.isExpired(at: now) else { return Displaced() }
        var displaced = Displaced()
        while bytes + cost > capacity, oldest != Self.none {
            if slots[oldest].entry.isExpired(at: now) {
                displaced.expired += 1
            } else {
                displaced.evicted += 1
            }
            remove(slot: oldest)
        }
        let slot: Int
        let fresh = Slot(key: key, entry: entry, cost: cost, newer: Self.none, older: Self.none)
        if let reused = freeSlots.popLast() {
            slot = reused
            slots[slot] = fresh
        } else {
            slot = slots.count
            slots.append(fresh)
        }
        slotByKey[key] = slot
        bytes += cost
        linkNewest(slot)
        return displaced
    }

    /// Drops the entry under `key`; true if there was one.
    @discardableResult
    mutating func remove(_ key: String) -> Bool {
        guard let slot = slotByKey[key] else { return false }
        remove(slot: slot)
        return true
    }

    /// The keys from the most to the least recently used, for tests.
    var keysByRecency: [String] {
        var keys: [String] = []
        var slot = newest
        while slot != Self.none {
            keys.append(slots[slot].key)
            slot = slots[slot].older
        }
        return keys
    }

    private mutating func remove(slot: Int) {
        unlink(slot)
        slotByKey[slots[slot].key] = nil
        bytes -= slots[slot].cost
        // Release the value's memory now rather than when the slot is reused.
        slots[slot].key = ""
        slots[slot].entry.value = []
        freeSlots.append(slot)
    }

    private mutating func unlink(_ slot: Int) {
        let newer = slots[slot].newer
        let older = slots[slot].older
        if newer != Self.none { slots[newer].older = older } else { newest = older }
        if older != Self.none { slots[older].newer = newer } else { oldest = newer }
        slots[slot].newer = Self.none
        slots[slot].older = Self.none
    }

    private mutating func linkNewest(_ slot: Int) {
        slots[slot].older = newest
        slots[slot].newer = Self.none
        if newest != Self.none { slots[newest].newer = slot }
        newest = slot
        if oldest == Self.none { oldest = slot }
    }
}
