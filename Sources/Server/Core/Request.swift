/// A client request as handlers see it: the raw target, headers, body and what routing found.
///
/// What was read off the wire sits in one shared, immutable box, so that passing a request
/// through the pipeline costs one reference count rather than one per field.
public struct Request: Sendable {
    private final class Head: Sendable {
        let id: String
        let method: String
        let path: String
        let rawQuery: Substring?
        let headers: HTTPHeaders
        let remoteAddress: String
        let received: UInt64
        let clientIsAdmin: Bool?

        init(
            id: String, method: String, path: String, rawQuery: Substring?, headers: HTTPHeaders, remoteAddress: String, received: UInt64,
            clientIsAdmin: Bool?
        ) {
            self.id = id
            self.method = method
            self.path = path
            self.rawQuery = rawQuery
            self.headers = headers
            self.remoteAddress = remoteAddress
            self.received = received
            self.clientIsAdmin = clientIsAdmin
        }
    }

    private let head: Head

    /// The request id, also sent back as `X-Request-Id`.
    public var id: String { head.id }
    /// The method token as sent (`GET`, `HEAD`, …).
    public var method: String { head.method }
    /// The path, still percent-encoded, without the query.
    public var path: String { head.path }
    /// The raw query string after `?`, if any.
    public var rawQuery: Substring? { head.rawQuery }
    /// The header fields in order.
    public var headers: HTTPHeaders { head.headers }
    /// The client's address, as text (`127.0.0.1`, `::1`, or `::ffff:127.0.0.1` from a dual-stack
    /// socket): the connection's peer, or, behind a trusted proxy, the client its
    /// `X-Forwarded-For` names.
    public var remoteAddress: String { head.remoteAddress }
    /// The client's address, as text: what every decision about the client (the admin networks)
    /// reads; the same as `remoteAddress`.
    public var clientAddress: String { remoteAddress }
    /// Whether the client is in the admin networks, when already known: the server decides it
    /// once per connection for a client that is the connection's peer. Nil: not decided yet.
    var clientIsAdmin: Bool? { head.clientIsAdmin }
    /// How long ago its request line was read: what a handler that must answer by a time counted
    /// from the request's arrival (the sandbox's latency) subtracts, having perhaps waited for a
    /// thread. A body sent slowly counts too.
    public var age: Duration {
        .nanoseconds(Int64(bitPattern: Timestamp.monotonicNanoseconds() &- head.received))
    }

    /// The request body (bounded by the server's limit).
    public internal(set) var body: [UInt8]
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
    /// The matched route's metrics.
    var series: RouteSeries?
    /// How the matched route writes its errors, when not as the service's own.
    var errorStyle: ErrorStyle?
    /// The client's limit fields, set when the gate admitted it on the server thread.
    var limitHeaders: HTTPHeaders?
    /// Who to charge the rest of a miss's cost, and how much, once the answer is known.
    var missCharge: (charged: String, units: Int)?

    /// The same request with another target (the query without a credential), the rest kept.
    func retargeted(_ target: String) -> Request {
        Request(
            id: id, method: method, target: target, headers: headers, body: body, remoteAddress: remoteAddress, received: head.received,
            clientIsAdmin: head.clientIsAdmin)
    }

    /// Creates a request from its parts, as read off the wire or built by a test; `received` is
    /// when its request line was read, in monotonic nanoseconds (now by default).
    public init(
        id: String, method: String, target: String, headers: HTTPHeaders = HTTPHeaders(),
        body: [UInt8] = [], remoteAddress: String = "127.0.0.1", received: UInt64? = nil
    ) {
        self.init(id: id, method: method, target: target, headers: headers, body: body, remoteAddress: remoteAddress, received: received, clientIsAdmin: nil)
    }

    /// A request whose client's place in the admin networks is already known (`clientIsAdmin`).
    init(
        id: String, method: String, target: String, headers: HTTPHeaders, body: [UInt8], remoteAddress: String, received: UInt64?,
        clientIsAdmin: Bool?
    ) {
        let path: String
        let rawQuery: Substring?
        // A byte search: Character-wise search of a String costs more than this whole split.
        let mark = target.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.firstIndex(of: UInt8(ascii: "?")).map { target.utf8.index(target.utf8.startIndex, offsetBy: $0) }
        } ?? target.utf8.firstIndex(of: UInt8(ascii: "?"))
        if let mark {
            path = String(target[..<mark])
            rawQuery = target[target.utf8.index(after: mark)...]
        } else {
            path = target
            rawQuery = nil
        }
        head = Head(
            id: id, method: method, path: path, rawQuery: rawQuery, headers: headers, remoteAddress: remoteAddress,
            received: received ?? Timestamp.monotonicNanoseconds(), clientIsAdmin: clientIsAdmin)
        self.body = body
    }
}
