public import Fetch

/// Why an upstream gave no usable answer, as the client sees it: a stable code naming the
/// upstream, the HTTP status and, for a pause, when to come back.
///
/// Timeout → 504; unreachable, a 5xx, a body that does not parse → 502; the circuit open or the
/// rate budget spent → 503 with `Retry-After`.
public struct UpstreamFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The upstream's name (`sbb`, `bart`).
    public let upstream: String
    /// The stable code (`upstream_timeout`).
    public let code: String
    /// The HTTP status for the client.
    public let status: Int
    /// Seconds until it is worth asking again, for 503.
    public let retryAfter: Int?
    /// A message for people, naming the upstream.
    public let message: String

    public var description: String { "\(code) (\(status)): \(message)" }

    /// A failure of an upstream, as the client will see it.
    public init(upstream: String, code: String, status: Int, retryAfter: Int?, message: String) {
        self.upstream = upstream
        self.code = code
        self.status = status
        self.retryAfter = retryAfter
        self.message = message
    }

    /// The failure a fetch error stands for.
    public static func fetch(_ error: FetchError, upstream: String) -> UpstreamFailure {
        switch error.kind {
        case .timeout:
            UpstreamFailure(upstream: upstream, code: "upstream_timeout", status: 504, retryAfter: nil,
                            message: "\(upstream) did not answer in time.")
        case .unreachable, .connectionLost:
            UpstreamFailure(upstream: upstream, code: "upstream_unreachable", status: 502, retryAfter: nil,
                            message: "\(upstream) could not be reached.")
        case .tooLarge:
            UpstreamFailure(upstream: upstream, code: "upstream_too_large", status: 502, retryAfter: nil,
                            message: "\(upstream) answered with more data than allowed.")
        default:
            UpstreamFailure(upstream: upstream, code: "upstream_error", status: 502, retryAfter: nil,
                            message: "\(upstream) answered with something unusable (\(error.kind)).")
        }
    }

    /// The failure an upstream's own error status stands for; nil for a status that carries data.
    public static func status(_ status: Int, retryAfter: Int?, upstream: String) -> UpstreamFailure? {
        switch status {
        case 203:
            // met.no's sign that a product version is deprecated; its data must not be relied on.
            UpstreamFailure(upstream: upstream, code: "upstream_deprecated", status: 502, retryAfter: nil,
                            message: "\(upstream) says this interface is deprecated (HTTP 203); the route needs updating.")
        case 401, 403:
            UpstreamFailure(upstream: upstream, code: "upstream_forbidden", status: 502, retryAfter: nil,
                            message: "\(upstream) refused the request (HTTP \(status)): it may need a key or token, or a contact in the User-Agent (--contact).")
        case 429, 503:
            UpstreamFailure(upstream: upstream, code: "upstream_paused", status: 503, retryAfter: retryAfter ?? 30,
                            message: "\(upstream) asks us to slow down; try again later.")
        case 500...599:
            UpstreamFailure(upstream: upstream, code: "upstream_error", status: 502, retryAfter: nil,
                            message: "\(upstream) failed (HTTP \(status)).")
        default:
            nil
        }
    }

    /// The circuit is open: the upstream failed repeatedly and is left alone for a while.
    public static func circuitOpen(upstream: String, retryAfter: Double) -> UpstreamFailure {
        UpstreamFailure(upstream: upstream, code: "upstream_unavailable", status: 503, retryAfter: max(1, Int(retryAfter.rounded(.up))),
                        message: "\(upstream) is failing; requests to it are paused.")
    }

    /// The route's daily budget at the upstream is spent until the next day.
    public static func quotaSpent(upstream: String, route: String, limit: Int, retryAfter: Double) -> UpstreamFailure {
        UpstreamFailure(upstream: upstream, code: "upstream_quota_spent", status: 503, retryAfter: max(1, Int(retryAfter.rounded(.up))),
                        message: "Today's \(limit) requests of \(route) to \(upstream) are spent, as its terms allow; cached answers are still served.")
    }

    /// Our own rate budget toward the upstream is spent.
    public static func rateLimited(upstream: String, retryAfter: Double) -> UpstreamFailure {
        UpstreamFailure(upstream: upstream, code: "upstream_rate_limited", status: 503, retryAfter: max(1, Int(retryAfter.rounded(.up))),
                        message: "Too many requests to \(upstream) right now; try again shortly.")
    }
}
