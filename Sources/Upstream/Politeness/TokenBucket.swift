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
        /// The next token was promised: it is the caller's after this many seconds.
        case deferred(seconds: Double)
        /// None left; one will be there after this many seconds.
        case denied(retryAfter: Double)
    }

    /// Takes one token if there is one; otherwise, when the next one comes within `patience`
    /// seconds, promises it to the caller, who waits that long before sending (the bucket goes
    /// into debt for it, so the tokens promised come at `rate`, one after another).
    public mutating func take(now: Double, patience: Double = 0) -> Outcome {
        refill(now)
        if tokens >= 1 {
            tokens -= 1
            return .granted
        }
        let wait = (1 - tokens) / rate
        guard wait <= patience else { return .denied(retryAfter: wait) }
        tokens -= 1
        return .deferred(seconds: wait)
    }

    /// Returns a token taken or promised for a request that was not sent after all.
    public mutating func giveBack() {
        tokens = min(burst, tokens + 1)
    }

    /// The whole tokens available at `now`, for metrics (none while tokens are promised ahead).
    public mutating func available(now: Double) -> Int {
        refill(now)
        return max(0, Int(tokens))
    }

    private mutating func refill(_ now: Double) {
        // A clock that went backwards adds nothing rather than removing tokens.
        let elapsed = max(0, now - updated)
        tokens = min(burst, tokens + elapsed * rate)
        updated = max(updated, now)
    }
}
