/// One client's limit: a sustained rate with a burst, and an optional quota per UTC day.
public struct RateRule: Sendable, Equatable {
    /// Units per second, sustained.
    public let rate: Double
    /// Units that may be spent at once from a rested state.
    public let burst: Int
    /// Units per UTC day; nil for none.
    public let dailyQuota: Int?

    /// A rule; the burst is at least 1.
    public init(rate: Double, burst: Int, dailyQuota: Int? = nil) {
        self.rate = rate
        self.burst = max(1, burst)
        self.dailyQuota = dailyQuota.flatMap { $0 > 0 ? $0 : nil }
    }

    /// Milliseconds between two units at the sustained rate (GCRA's emission interval).
    public var interval: Double { 1000 / rate }
}

/// What the limiter decided for one request, and what the client is told.
public struct RateDecision: Sendable, Equatable {
    /// Whether the request may be served.
    public var allowed: Bool
    /// Units the client could spend right now after this request.
    public var remaining: Int
    /// Milliseconds until the burst is whole again.
    public var resetMilliseconds: Int64
    /// Milliseconds until a refused request would pass (0 when allowed).
    public var retryAfterMilliseconds: Int64
    /// Units of today's quota left, when the rule has one.
    public var quotaRemaining: Int?
    /// Milliseconds until the next UTC day, when the rule has a quota.
    public var quotaResetMilliseconds: Int64?
    /// Whether the refusal is the daily quota's rather than the rate's.
    public var quotaSpent: Bool

    /// A decision.
    public init(
        allowed: Bool, remaining: Int, resetMilliseconds: Int64, retryAfterMilliseconds: Int64,
        quotaRemaining: Int? = nil, quotaResetMilliseconds: Int64? = nil, quotaSpent: Bool = false
    ) {
        self.allowed = allowed
        self.remaining = remaining
        self.resetMilliseconds = resetMilliseconds
        self.retryAfterMilliseconds = retryAfterMilliseconds
        self.quotaRemaining = quotaRemaining
        self.quotaResetMilliseconds = quotaResetMilliseconds
        self.quotaSpent = quotaSpent
    }
}

/// Counters of per-client limits, kept in this process (`MemoryRateLimiter`) or shared by every
/// instance (`RedisRateLimiter`).
public protocol RateLimiter: Sendable {
    /// Takes `cost` units from `client`'s allowance under `rule` at `now` (milliseconds since
    /// the epoch); with `force`, takes them even past the limit (the rest of a miss, charged after
    /// the answer). Nil when the store cannot be reached: the caller lets the request through.
    func take(_ cost: Int, from client: String, rule: RateRule, now: Int64, force: Bool) async -> RateDecision?
}

/// A limiter that decides without waiting, so that a request can be decided on the server thread.
public protocol ImmediateRateLimiter: RateLimiter {
    /// `take`, synchronously.
    func takeNow(_ cost: Int, from client: String, rule: RateRule, now: Int64, force: Bool) -> RateDecision
}
