/// A request to an upstream.
public struct FetchRequest: Sendable, Equatable {
    /// `GET`, `POST`, …
    public var method: String
    /// The absolute http(s) URL.
    public var url: String
    /// Header fields to send, in order (`User-Agent` and `Accept-Encoding` are added by the fetcher).
    public var headers: [(name: String, value: String)]
    /// The body, for `POST`.
    public var body: [UInt8]?
    /// Seconds to connect and for the whole transfer; nil takes the fetcher's configuration.
    public var connectTimeout: Double?
    public var totalTimeout: Double?

    /// Creates a request.
    public init(method: String = "GET", url: String, headers: [(name: String, value: String)] = [], body: [UInt8]? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    public static func == (lhs: FetchRequest, rhs: FetchRequest) -> Bool {
        lhs.method == rhs.method && lhs.url == rhs.url && lhs.body == rhs.body
            && lhs.headers.map(\.name) == rhs.headers.map(\.name) && lhs.headers.map(\.value) == rhs.headers.map(\.value)
    }
}

/// What an upstream answered.
public struct FetchResponse: Sendable {
    /// The HTTP status.
    public let status: Int
    /// The header fields of the final response, in order.
    public let headers: [(name: String, value: String)]
    /// The body, decompressed.
    public let body: [UInt8]
    /// The URL that answered, after redirects.
    public let url: String
    /// How many redirects were followed.
    public let redirects: Int

    /// The first value of a header field, compared without case.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}

/// How a fetcher treats every request: timeouts, size cap, redirects, identity.
public struct FetchConfiguration: Sendable {
    /// Time to establish a connection, in seconds.
    public var connectTimeout = 2.0
    /// Time for the whole exchange, in seconds.
    public var totalTimeout = 10.0
    /// The largest body accepted, after decompression; the transfer is aborted beyond it.
    public var maxBodyBytes = 8 * 1024 * 1024
    /// The most redirects followed.
    public var maxRedirects = 3
    /// Hosts a redirect may lead to, besides the request's own host.
    public var allowedHosts: Set<String> = []
    /// Sent as `User-Agent`: the service and the operator's contact.
    public var userAgent = "gottago (+https://github.com/gottago)"

    /// The defaults: 2 s to connect, 10 s in all, 8 MiB, 3 redirects to the same host.
    public init() {}
}
