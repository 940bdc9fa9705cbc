/// A circuit breaker as a pure state machine: closed until `threshold` consecutive failures,
/// then open (requests refused) for `cooldown` seconds, then half-open: one probe request is let
/// through, and its outcome closes or reopens the circuit.
///
/// The caller owns the time and the effects: `permit` says whether to send, `record` takes the
/// outcome of a request that was sent.
public struct CircuitBreaker: Sendable, Equatable {
    /// Consecutive failures that open the circuit.
    public let threshold: Int
    /// Seconds the circuit stays open before a probe.
    public let cooldown: Double
    public private(set) var state: State = .closed(failures: 0)

    /// Where the circuit is.
    public enum State: Sendable, Equatable {
        case closed(failures: Int)
        case open(until: Double)
        case halfOpen(probing: Bool)
    }

    /// What a request may do now.
    public enum Permit: Sendable, Equatable {
        /// Send it.
        case allowed
        /// Send it as the one probe of a half-open circuit.
        case probe
        /// Do not send it; try again after this many seconds.
        case rejected(retryAfter: Double)
    }

    /// A closed circuit.
    public init(threshold: Int, cooldown: Double) {
        precondition(threshold >= 1 && cooldown >= 0, "a breaker needs a threshold of at least 1")
        self.threshold = threshold
        self.cooldown = cooldown
    }

    /// Whether a request may be sent at `now`.
    public mutating func permit(now: Double) -> Permit {
        switch state {
        case .closed:
            return .allowed
        case .open(let until):
            guard now >= until else { return .rejected(retryAfter: until - now) }
            state = .halfOpen(probing: true)
            return .probe
        case .halfOpen(let probing):
            guard !probing else { return .rejected(retryAfter: max(cooldown / 10, 0.1)) }
            state = .halfOpen(probing: true)
            return .probe
        }
    }

    /// Takes the outcome of a sent request.
    public mutating func record(success: Bool, now: Double) {
        switch (state, success) {
        case (_, true):
            state = .closed(failures: 0)
        case (.closed(let failures), false):
            state = failures + 1 >= threshold ? .open(until: now + cooldown) : .closed(failures: failures + 1)
        case (.halfOpen, false):
            state = .open(until: now + cooldown)
        case (.open, false):
            // A request sent before the circuit opened failed too: the circuit stays open.
            break
        }
    }

    /// Takes back a probe that was let through but never sent (its deadline came while it waited
    /// for a slot, or its caller went away), so that the next request may probe instead; without
    /// this the circuit would stay half-open, refusing everything, with nobody probing.
    public mutating func withdrawProbe() {
        if case .halfOpen(probing: true) = state { state = .halfOpen(probing: false) }
    }

    /// Whether requests are being refused now (for metrics and readiness).
    public var isOpen: Bool {
        if case .closed = state { return false }
        return true
    }
}
