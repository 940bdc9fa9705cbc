import Synchronization

/// The last time an upstream answered usefully and the last time it failed, with what it said.
public final class UpstreamOutcomes: Sendable {
    /// One exchange with the upstream: when, and its HTTP status or error code.
    public struct Outcome: Sendable, Equatable {
        /// Milliseconds of the wall clock.
        public let at: Int64
        /// `ok`, or the failure's code (`upstream_timeout`, `upstream_error`, `malformed_response`, …).
        public let code: String
        /// The upstream's HTTP status, when it answered at all.
        public let status: Int?
    }

    private let state = Mutex<(success: Outcome?, failure: Outcome?)>((nil, nil))

    /// Nothing yet.
    public init() {}

    /// The last useful answer.
    public var lastSuccess: Outcome? { state.withLock { $0.success } }
    /// The last failure.
    public var lastFailure: Outcome? { state.withLock { $0.failure } }

    /// Notes one exchange; `code` is `ok` for a success.
    func note(success: Bool, at: Int64, code: String, status: Int?) {
        let outcome = Outcome(at: at, code: success ? "ok" : code, status: status)
        state.withLock { state in
            if success { state.success = outcome } else { state.failure = outcome }
        }
    }
}
