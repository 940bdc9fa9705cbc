public import Markup

/// A response before the server adds the HTTP semantics (ETag, gzip, CORS, caching headers).
public struct Response: Sendable {
    /// The status code.
    public var status: Int
    /// Header fields chosen by the handler.
    public var headers: HTTPHeaders
    /// The body, uncompressed.
    public var body: Body
    /// How long shared caches and clients may keep it.
    public var cache: CachePolicy
    /// Whether the body depends on `Accept`, so that `Vary` must say so.
    public var negotiated: Bool

    /// Creates a response from its parts.
    public init(
        status: Int = 200, headers: HTTPHeaders = HTTPHeaders(), body: Body = .bytes([]),
        cache: CachePolicy = .noCache, negotiated: Bool = false
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.cache = cache
        self.negotiated = negotiated
    }

    /// A plain-text response.
    public static func text(_ text: String, status: Int = 200, cache: CachePolicy = .noStore) -> Response {
        Response(
            status: status, headers: HTTPHeaders(contentType: "text/plain; charset=utf-8"),
            body: .bytes(Array(text.utf8)), cache: cache)
    }

    /// A document rendered in the format the request negotiated.
    public static func document(_ root: Node, for request: Request, status: Int = 200, cache: CachePolicy) -> Response {
        Response(
            status: status,
            headers: HTTPHeaders(contentType: request.format.contentType),
            body: .bytes(render(root, as: request.format, pretty: request.pretty)),
            cache: cache, negotiated: true)
    }

    /// Renders a document tree in one format.
    public static func render(_ root: Node, as format: Format, pretty: Bool) -> [UInt8] {
        switch format {
        case .xml: XMLRenderer.render(root, pretty: pretty)
        case .json: JSONRenderer.render(root, pretty: pretty)
        }
    }
}

/// The body of a response: bytes made for this request, a prepared body shared by many, or a
/// body written while it is sent.
public enum Body: Sendable {
    /// Bytes made for one response.
    case bytes([UInt8])
    /// A body whose ETag and gzip form are computed once.
    case prepared(PreparedBody)
    /// A body produced while it is sent, with chunked transfer coding.
    case stream(StreamBody)

    /// The uncompressed bytes; empty for a stream, whose bytes do not exist yet.
    public var bytes: [UInt8] {
        switch self {
        case .bytes(let bytes): bytes
        case .prepared(let prepared): prepared.bytes
        case .stream: []
        }
    }
}

/// The caching a response allows, sent as `Cache-Control`.
public enum CachePolicy: Sendable, Equatable {
    /// `no-store`: never kept (errors, health).
    case noStore
    /// `no-cache`: kept but revalidated every time (with its ETag).
    case noCache
    /// `public, max-age=N`.
    case maxAge(Int)
    /// `public, max-age=31536000, immutable`: a body whose URL changes when it does (a page's
    /// files under their site version).
    case immutable

    var headerValue: String {
        switch self {
        case .noStore: "no-store"
        case .noCache: "no-cache"
        case .maxAge(let seconds): Self.maxAgeValue(seconds)
        case .immutable: "public, max-age=31536000, immutable"
        }
    }

    /// This header goes out with every response: the ages routes use are literals, which cost
    /// neither an allocation nor a reference count.
    private static func maxAgeValue(_ seconds: Int) -> String {
        switch seconds {
        case 0: "public, max-age=0"
        case 5: "public, max-age=5"
        case 10: "public, max-age=10"
        case 15: "public, max-age=15"
        case 30: "public, max-age=30"
        case 60: "public, max-age=60"
        case 120: "public, max-age=120"
        case 300: "public, max-age=300"
        case 600: "public, max-age=600"
        case 3600: "public, max-age=3600"
        case 86400: "public, max-age=86400"
        case counted.indices: counted[seconds]
        default: "public, max-age=\(seconds)"
        }
    }

    /// The values of the ages counted down from a feed's (the rest of its freshness), made once:
    /// one costs a reference count.
    private static let counted = (0...120).map { "public, max-age=\($0)" }
}

extension Format {
    /// The `Content-Type` of a document in this format.
    public var contentType: String {
        switch self {
        case .xml: "application/xml; charset=utf-8"
        case .json: "application/json; charset=utf-8"
        }
    }
}
