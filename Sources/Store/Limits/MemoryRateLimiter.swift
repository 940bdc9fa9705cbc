import Synchronization

/// Per-client counters in this process's memory, for a single instance (no `--cache redis`).
///
/// One `Mutex`'d dictionary from client to its GCRA state and today's quota units. It holds at
/// most `capacity` clients: when full, the clients that are rested (TAT in the past) and have no
/// quota units today are dropped first, which changes nothing for them (a rested client and an
/// unknown one are treated alike); if that does not free a quarter of the room, arbitrary
/// clients are dropped too, which at worst grants them a fresh burst.
///
/// ```swift
/// let limiter = MemoryRateLimiter()
/// limiter.takeNow(1, from: "ip:203.0.113.7", rule: RateRule(rate: 10, burst: 20), now: WallClock.milliseconds(), force: false)
/// ```
public final class MemoryRateLimiter: ImmediateRateLimiter {
    private struct Client {
        var tat: Double
        var day: Int64
        var used: Int
    }

    private let clients = Mutex<[String: Client]>([:])
    /// The most clients kept.
    public let capacity: Int

    /// A limiter keeping at most `capacity` clients.
    public init(capacity: Int = 100_000) {
        self.capacity = max(16, capacity)
    }

    /// The clients kept now.
    public var count: Int { clients.withLock { $0.count } }

    public func takeNow(_ cost: Int, from client: String, rule: RateRule, now: Int64, force: Bool) -> RateDecision {
        let gcra = GCRA(rule: rule)
        let today = GCRA.day(of: now)
        return clients.withLock { table in
            // A known client's entry is found once and changed in place: the name is hashed once.
            let index = table.index(forKey: client)
            let stored = index.map { table.values[$0] }
            let used = stored.map { $0.day == today ? $0.used : 0 } ?? 0
            let outcome = gcra.take(cost, tat: stored?.tat, used: used, now: now, force: force)
            guard outcome.allowed else { return outcome.decision }
            let updated = Client(tat: outcome.tat, day: today, used: rule.dailyQuota == nil ? 0 : outcome.used)
            if let index {
                table.values[index] = updated
            } else {
                if table.count >= capacity { evict(&table, now: now, today: today) }
                table[client] = updated
            }
            return outcome.decision
        }
    }

    public func take(_ cost: Int, from client: String, rule: RateRule, now: Int64, force: Bool) async -> RateDecision? {
        takeNow(cost, from: client, rule: rule, now: now, force: force)
    }

    private func evict(_ table: inout [String: Client], now: Int64, today: Int64) {
        let clock = Double(now)
        table = table.filter { $0.value.tat > clock || ($0.value.day == today && $0.value.used > 0) }
        guard table.count > capacity * 3 / 4 else { return }
        for key in Array(table.keys.prefix(table.count - capacity * 3 / 4)) { table.removeValue(forKey: key) }
    }
}
