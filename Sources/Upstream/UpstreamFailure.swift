public import Fetch

/// Why an upstream gave no usable answer: a stable code naming what happened, the upstream, and,
/// when it is worth coming back, after how many seconds (a fact about the upstream: its pause,
/// the breaker's cooldown, our budget toward it).
///
/// The codes are `UpstreamFailure.Code`; how a client is answered for each (the HTTP status,
/// whether `Retry-After` is sent) is the API's error catalog's business.
public struct UpstreamFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The upstream's name (`sbb`, `bart`).
    public let upstream: String
    /// The stable code (`upstream_timeout`).
    public let code: String
    /// Seconds until it is worth asking again, when the upstream or our limits toward it say so.
    public let retryAfter: Int?
    /// A message for people, naming the upstream.
    public let message: String

    public var description: String { "\(code): \(message)" }

    /// A failure of an upstream.
    public init(upstream: String, code: String, retryAfter: Int?, message: String) {
        self.upstream = upstream
        self.code = code
        self.retryAfter = retryAfter
        self.message = message
    }

    /// The failure a fetch error stands for, described as it happened; libcurl's own words stay
    /// in the fetch error's message, for the log (they may name hosts and addresses).
    public static func fetch(_ error: FetchError, upstream: String) -> UpstreamFailure {
        let (code, message): (String, String)
        switch error.kind {
        case .timeout:
            (code, message) = (Code.timeout, "\(upstream) did not answer in time.")
        case .nameNotResolved:
            (code, message) = (Code.unreachable, "\(upstream)'s host name could not be resolved.")
        case .unreachable:
            (code, message) = (Code.unreachable, "\(upstream) could not be reached.")
        case .connectionLost:
            (code, message) = (Code.unreachable, "The connection to \(upstream) broke before its answer was complete.")
        case .emptyReply:
            (code, message) = (Code.unreachable, "\(upstream) closed the connection without answering.")
        case .truncated:
            (code, message) = (Code.unreachable, "\(upstream) closed the connection before its answer was complete.")
        case .tls:
            (code, message) = (Code.unreachable, "No secure connection to \(upstream) could be made (the TLS handshake failed).")
        case .certificate:
            (code, message) = (Code.unreachable, "\(upstream)'s TLS certificate could not be verified; nothing was sent.")
        case .notHTTP:
            (code, message) = (Code.error, "\(upstream) answered with something that is not HTTP.")
        case .badHTTP:
            (code, message) = (Code.error, "\(upstream) sent a malformed HTTP response.")
        case .tooLarge:
            (code, message) = (Code.tooLarge, "\(upstream) answered with more data than allowed.")
        case .badEncoding:
            (code, message) = (Code.error, "\(upstream) sent a compressed body that could not be decoded.")
        case .tooManyRedirects:
            (code, message) = (Code.error, "\(upstream) redirected the request too many times.")
        case .redirectRefused:
            (code, message) = (Code.error, "\(upstream) redirected the request to a host it may not go to; the redirect was not followed.")
        case .invalidURL:
            (code, message) = (Code.error, "The request to \(upstream) could not be made: its URL or a header is not valid.")
        case .cancelled:
            (code, message) = (Code.cancelled, "The request was cancelled.")
        default:
            (code, message) = (Code.error, "The exchange with \(upstream) failed.")
        }
        return UpstreamFailure(upstream: upstream, code: code, retryAfter: nil, message: message)
    }

    /// The failure an upstream's own error status stands for; nil for a status that carries data.
    public static func status(_ status: Int, retryAfter: Int?, upstream: String) -> UpstreamFailure? {
        switch status {
        case 203:
            // met.no's sign that a product version is deprecated; its data must not be relied on.
            UpstreamFailure(upstream: upstream, code: Code.deprecated, retryAfter: nil,
                            message: "\(upstream) says this interface is deprecated (HTTP 203); the route needs updating.")
        case 401, 403:
            UpstreamFailure(upstream: upstream, code: Code.forbidden, retryAfter: nil,
                            message: "\(upstream) refused the request (HTTP \(status)): it may need a key or token, or a contact in the User-Agent (--contact).")
        case 429, 503:
            .paused(upstream: upstream, retryAfter: Double(retryAfter ?? 30))
        case 500...599:
            UpstreamFailure(upstream: upstream, code: Code.error, retryAfter: nil,
                            message: "\(upstream) failed (HTTP \(status)).")
        default:
            nil
        }
    }

    /// The upstream asked us to wait (429 or 503, with its `Retry-After` or 30 s): the answer that
    /// asked, and every request refused until the pause ends, with the seconds left of it.
    public static func paused(upstream: String, retryAfter: Double) -> UpstreamFailure {
        waiting(upstream, Code.paused, retryAfter, "\(upstream) asks us to slow down; try again later.")
    }

    /// The circuit is open: the upstream failed repeatedly and is left alone for a while.
    public static func circuitOpen(upstream: String, retryAfter: Double) -> UpstreamFailure {
        waiting(upstream, Code.unavailable, retryAfter, "\(upstream) is failing; requests to it are paused.")
    }

    /// The route's daily budget at the upstream is spent until the next day.
    public static func quotaSpent(upstream: String, route: String, limit: Int, retryAfter: Double) -> UpstreamFailure {
        waiting(upstream, Code.quotaSpent, retryAfter, "Today's \(limit) requests of \(route) to \(upstream) are spent, as its terms allow; cached answers are still served.")
    }

    /// Every slot of the upstream's concurrency cap stayed taken until the request's deadline:
    /// it was not sent.
    public static func busy(upstream: String, retryAfter: Double) -> UpstreamFailure {
        waiting(upstream, Code.busy, retryAfter, "\(upstream) already has as many requests under way as it may, and no place came free in time; try again shortly.")
    }

    /// Our own rate budget toward the upstream is spent.
    public static func rateLimited(upstream: String, retryAfter: Double) -> UpstreamFailure {
        waiting(upstream, Code.rateLimited, retryAfter, "Too many requests to \(upstream) right now; try again shortly.")
    }

    /// A failure that refuses requests for a while: the seconds to wait rounded up, at least one.
    private static func waiting(_ upstream: String, _ code: String, _ retryAfter: Double, _ message: String) -> UpstreamFailure {
        UpstreamFailure(upstream: upstream, code: code, retryAfter: max(1, Int(retryAfter.rounded(.up))), message: message)
    }
}
