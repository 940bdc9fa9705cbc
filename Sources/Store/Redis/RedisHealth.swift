/// Redis's state as the cache last saw it, and when the background probe should look again.
///
/// A pure value, so that its rules are tested without Redis and without waiting: `RedisCache`
/// keeps one under a lock, records in it the outcome of every contact with Redis (a request's
/// command, a connection attempt, the probe's `PING`) at the instant it ended, and its probe
/// sleeps until `nextProbe`.
///
/// - Before the first contact the status is `degraded("redis: not connected yet")` and a probe
///   is due at once.
/// - While ok, the probe is due `interval.healthy` after the last contact: traffic that reaches
///   Redis keeps it from probing at all, and without such traffic (every request a hit in
///   memory) a dead Redis still shows within that interval.
/// - While degraded, it is due `interval.degraded` after the last contact or probe, so that a
///   Redis that is back is used again within about that long.
///
/// ```swift
/// var health = RedisHealth(interval: RedisCache.ProbeInterval())
/// health.record(.ok, at: now)           // .ok: the first outcome is always worth a log line
/// health.nextProbe                      // now + 5 s
/// health.record(.ok, at: now + .seconds(1))  // nil: nothing changed
/// ```
struct RedisHealth: Sendable {
    /// What the last contact showed.
    private(set) var status = CacheStatus.degraded(reason: "redis: not connected yet")
    /// Whether any contact has been recorded yet.
    private var known = false
    /// When the last contact or probe ended.
    private var last: ContinuousClock.Instant?
    /// How often the probe looks.
    let interval: RedisCache.ProbeInterval

    init(interval: RedisCache.ProbeInterval) {
        self.interval = interval
    }

    /// Records the outcome of a contact that ended at `instant`; returns the status when it is
    /// worth a log line: the first outcome, and every change between ok and degraded (a new
    /// reason for being degraded is not one).
    mutating func record(_ outcome: CacheStatus, at instant: ContinuousClock.Instant) -> CacheStatus? {
        let changed = !known || status.isOK != outcome.isOK
        known = true
        status = outcome
        passed(instant)
        return changed ? outcome : nil
    }

    /// Records that the probe looked at `instant`, also when it could not reach Redis (a
    /// reconnection not yet due), so that it waits a whole interval before looking again.
    mutating func probed(at instant: ContinuousClock.Instant) {
        passed(instant)
    }

    /// When the probe should look next; nil: at once.
    var nextProbe: ContinuousClock.Instant? {
        // An interval of zero set by mistake must not become a loop that never sleeps.
        last.map { $0 + max(status.isOK ? interval.healthy : interval.degraded, Self.shortestInterval) }
    }

    /// The least time between two probes, whatever the configuration says.
    static let shortestInterval = Duration.milliseconds(10)

    /// Whether the probe should look at `instant`.
    func probeIsDue(at instant: ContinuousClock.Instant) -> Bool {
        nextProbe.map { instant >= $0 } ?? true
    }

    private mutating func passed(_ instant: ContinuousClock.Instant) {
        // The schedule only moves forward, whatever order the instants come in.
        last = max(last ?? instant, instant)
    }
}
