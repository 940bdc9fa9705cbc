/// The generic cell rate algorithm: one number per client, its theoretical arrival time (TAT),
/// decides a request in constant time and space. The same arithmetic runs in memory here and
/// in Redis's Lua script (`RedisRateLimiter.script`), so both drivers tell clients the same.
///
/// With the emission interval `T = 1000 / rate` ms and the tolerance `τ = burst · T`, a request
/// costing `n` at `now` passes when `max(TAT, now) + n·T − now ≤ τ`, and then sets
/// `TAT = max(TAT, now) + n·T`. A rested client may spend `burst` at once; after that, one unit
/// each `T`.
///
/// ```swift
/// var gcra = GCRA(rule: RateRule(rate: 10, burst: 1))
/// gcra.take(1, tat: nil, now: 0).allowed     // true, TAT 100
/// gcra.take(1, tat: 100, now: 50).allowed    // false: 150 > 100
/// ```
public struct GCRA: Sendable {
    /// The rule it applies.
    public let rule: RateRule

    /// Rounding slack: TATs are sums of fractional intervals (1000/3 ms).
    static let epsilon = 1e-6

    /// A GCRA for a rule.
    public init(rule: RateRule) {
        self.rule = rule
    }

    /// The outcome of one request costing `cost` at `now` (ms), for a client whose stored TAT is
    /// `tat` (nil: rested) and who spent `used` units of its quota today: whether it passes, the
    /// TAT and today's units to store (unchanged when it does not), and what the client is told.
    /// The quota is checked first: a refusal for it takes nothing from the rate either. With
    /// `force` it passes whatever the limits say (the rest of a miss, charged after the answer).
    public func take(_ cost: Int, tat stored: Double?, used: Int = 0, now: Int64, force: Bool = false)
        -> (allowed: Bool, tat: Double, used: Int, decision: RateDecision)
    {
        let clock = Double(now)
        let start = max(stored ?? clock, clock)
        let next = start + Double(cost) * rule.interval
        let excess = next - clock - tolerance
        let quotaSpent = !force && rule.dailyQuota.map { used + cost > $0 } == true
        let allowed = force || (!quotaSpent && excess <= Self.epsilon)
        let tat = allowed ? next : start
        let spent = allowed ? used + cost : used
        return (allowed, tat, spent, decision(tat: tat, now: now, allowed: allowed, excess: excess, used: spent, quotaSpent: quotaSpent))
    }

    /// The decision as the client is told it, from the TAT and today's units after the request
    /// and, for a refusal, how far the request overshot.
    public func decision(tat: Double, now: Int64, allowed: Bool, excess: Double, used: Int, quotaSpent: Bool) -> RateDecision {
        let ahead = max(0, tat - Double(now))
        let remaining = max(0, Int(((tolerance - ahead) / rule.interval + Self.epsilon).rounded(.down)))
        var decision = RateDecision(
            allowed: allowed, remaining: remaining, resetMilliseconds: Int64(ahead.rounded(.up)),
            retryAfterMilliseconds: allowed ? 0 : Int64(max(1, excess.rounded(.up))))
        if let quota = rule.dailyQuota {
            decision.quotaRemaining = max(0, quota - used)
            decision.quotaResetMilliseconds = Self.untilNextDay(now)
            if quotaSpent {
                decision.quotaSpent = true
                decision.retryAfterMilliseconds = Self.untilNextDay(now)
            }
        }
        return decision
    }

    /// `τ`: how far ahead of now the TAT may run.
    var tolerance: Double { Double(rule.burst) * rule.interval }

    /// Milliseconds in a day.
    public static let day: Int64 = 86_400_000

    /// The UTC day number of `now` (days since the epoch), which names the quota's counter.
    public static func day(of now: Int64) -> Int64 { now >= 0 ? now / day : (now - day + 1) / day }

    /// Milliseconds from `now` to the next UTC midnight.
    public static func untilNextDay(_ now: Int64) -> Int64 { (day(of: now) + 1) * day - now }
}
