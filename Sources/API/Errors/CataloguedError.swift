import Server
import Upstream

/// An error answered as the error catalog says for its code: the status, `Retry-After` with the
/// seconds the failure carries, and the upstream's name when an upstream failed.
struct CataloguedError: HTTPResponseError {
    let code: String
    let message: String
    /// Seconds until it is worth asking again, when the failure knows.
    var retryAfter: Int?
    /// The upstream that failed, when one did.
    var upstream: String?

    /// An error with a code of the catalog and a message.
    init(_ code: String, _ message: String, retryAfter: Int? = nil, upstream: String? = nil) {
        self.code = code
        self.message = message
        self.retryAfter = retryAfter
        self.upstream = upstream
    }

    /// An upstream failure as the client sees it.
    init(_ failure: UpstreamFailure) {
        self.init(failure.code, failure.message, retryAfter: failure.retryAfter, upstream: failure.upstream)
    }

    var status: Int { ErrorCatalog.status(of: code) }
    var headers: HTTPHeaders { ErrorCatalog.headers(for: code, retryAfter: retryAfter) }
    var fields: [(name: String, value: String)] { upstream.map { [("upstream", $0)] } ?? [] }
}
