/// A token bucket: `rate` requests per second on average, bursts of up to `burst`.
///
/// A pure value: the caller passes the time, so that tests need no clock and the owner decides
/// how it is shared (one per upstream, behind that upstream's lock).
public struct TokenBucket: Sendable, Equatable {
    /// Tokens added per second.
    public let rate: Double
    /// The most tokens held at once.
    public let burst: Double
    private var tokens: Double
    private var updated: Double

    /// A full bucket at time `now` (seconds on any monotonic clock).
    public init(rate: Double, burst: Int, now: Double) {
        precondition(rate > 0 && burst >= 1, "a bucket needs a positive rate and a burst of at least 1")
        self.rate = rate
        self.burst = Double(burst)
        tokens = Double(burst)
        updated = now
    }

    /// What taking a token gave.
    public enum Outcome: Sendable, Equatable {
        /// A token was taken.
        case granted
        /// None left; one will be there after this many seconds.
        case denied(retryAfter: Double)
    }

    /// Takes one token if there is one.
    public mutating func take(now: Double) -> Outcome {
        refill(now)
        guard tokens >= 1 else { return .denied(retryAfter: (1 - tokens) / rate) }
        tokens -= 1
        return .granted
    }

    /// The whole tokens available at `now`, for metrics.
    public mutating func available(now: Double) -> Int {
        refill(now)
        return Int(tokens)
    }

    private mutating func refill(_ now: Double) {
        // A clock that went backwards adds nothing rather than removing tokens.
        let elapsed = max(0, now - updated)
        tokens = min(burst, tokens + elapsed * rate)
        updated = max(updated, now)
    }
}
