import Scrape

/// Where an upstream's circuit breaker stands.
public enum BreakerPosition: String, Sendable, Equatable {
    /// Requests go through.
    case closed
    /// Requests are refused until the cooldown ends.
    case open
    /// The cooldown is over: the next request is the one probe.
    case halfOpen = "half-open"
}

extension UpstreamClient {
    /// Where the circuit breaker stands now, and the consecutive failures counted while closed.
    public var breaker: (position: BreakerPosition, failures: Int) {
        let seconds = Double(now()) / 1000
        return politeness.withLock { state in
            switch state.breaker.state {
            case .closed(let failures): (.closed, failures)
            case .open(let until): (seconds >= until ? .halfOpen : .open, state.breaker.threshold)
            case .halfOpen: (.halfOpen, state.breaker.threshold)
            }
        }
    }

    /// The settings the client runs with; a secret header's presence is kept, its value is not.
    public var settings: UpstreamPolicy {
        var copy = policy
        copy.secretHeader = copy.secretHeader.map { SecretHeader(name: $0.name, value: "") }
        return copy
    }

    /// The code an answer that reached extraction is noted with: the route's failure, or `ok`.
    static func code(_ extraction: Extraction) -> String {
        if case .failure(let failure) = extraction.outcome { return failure.code }
        return "ok"
    }
}
