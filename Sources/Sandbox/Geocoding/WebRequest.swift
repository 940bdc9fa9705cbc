public import Server

/// A GET as the simulated web APIs read it: the path, the raw (still percent-encoded) query and
/// the header fields, for the services whose terms look at them (`User-Agent`,
/// `If-Modified-Since`) or whose answers link back to themselves (`Host`).
public struct WebRequest: Sendable {
    /// The path, still percent-encoded.
    public var path: String
    /// The raw query after `?`, if any.
    public var query: Substring?
    /// The request's header fields.
    public var headers: HTTPHeaders

    /// A request from its parts.
    public init(path: String, query: Substring? = nil, headers: HTTPHeaders = HTTPHeaders()) {
        self.path = path
        self.query = query
        self.headers = headers
    }
}
