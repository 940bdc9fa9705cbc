/// A client request as handlers see it: the raw target, headers, body and what routing found.
public struct Request: Sendable {
    /// The request id, also sent back as `X-Request-Id`.
    public let id: String
    /// The method token as sent (`GET`, `HEAD`, …).
    public let method: String
    /// The path, still percent-encoded, without the query.
    public let path: String
    /// The raw query string after `?`, if any.
    public let rawQuery: Substring?
    /// The header fields in order.
    public let headers: HTTPHeaders
    /// The request body (bounded by the server's limit).
    public let body: [UInt8]
    /// The client's address, as text.
    public let remoteAddress: String

    /// Path parameters from the route template.
    public internal(set) var parameters = Parameters()
    /// Decoded query parameters.
    public internal(set) var query = QueryParameters()
    /// The representation chosen by negotiation.
    public internal(set) var format: Format = .xml
    /// Whether the client asked for indented output (`?pretty=1`).
    public internal(set) var pretty = false
    /// The matched route template, for metrics and logs.
    public internal(set) var template: String?

    /// Creates a request from its parts, as read off the wire or built by a test.
    public init(
        id: String, method: String, target: String, headers: HTTPHeaders = HTTPHeaders(),
        body: [UInt8] = [], remoteAddress: String = "127.0.0.1"
    ) {
        self.id = id
        self.method = method
        if let mark = target.firstIndex(of: "?") {
            path = String(target[..<mark])
            rawQuery = target[target.index(after: mark)...]
        } else {
            path = target
            rawQuery = nil
        }
        self.headers = headers
        self.body = body
        self.remoteAddress = remoteAddress
    }

    /// Whether the response to this request must carry no body.
    public var isHead: Bool { method == "HEAD" }
}
