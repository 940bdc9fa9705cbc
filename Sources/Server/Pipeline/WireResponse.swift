/// A response as it goes on the wire: final status, headers and (possibly compressed) body.
public struct WireResponse: Sendable {
    /// The status code.
    public var status: Int
    /// Every header field the server sends, except those the connection adds (`Date`, the body's
    /// framing, `Connection`).
    public var headers: HTTPHeaders
    /// The body as sent (empty for 204 and 304; the connection leaves it out for HEAD).
    public var content: Content

    /// A body made for this response, or shared bytes sent without a copy.
    public enum Content: Sendable {
        /// Bytes of this response only.
        case bytes([UInt8])
        /// Bytes shared with other responses.
        case shared(SharedBytes)
        /// Bytes produced while they are sent.
        case stream(ResponseStream)
    }

    /// Creates a response with a body of its own.
    public init(status: Int, headers: HTTPHeaders, body: [UInt8]) {
        self.status = status
        self.headers = headers
        content = .bytes(body)
    }

    /// Creates a streamed response.
    init(status: Int, headers: HTTPHeaders, stream: ResponseStream) {
        self.status = status
        self.headers = headers
        content = .stream(stream)
    }

    /// Creates a response with a shared body.
    public init(status: Int, headers: HTTPHeaders, shared: SharedBytes) {
        self.status = status
        self.headers = headers
        content = .shared(shared)
    }

    /// The body bytes (a copy for shared bodies; empty for streams).
    public var body: [UInt8] {
        switch content {
        case .bytes(let bytes): bytes
        case .shared(let shared): shared.array
        case .stream: []
        }
    }

    /// The body's length (0 for streams, whose length is known only at the end).
    public var bodyCount: Int {
        switch content {
        case .bytes(let bytes): bytes.count
        case .shared(let shared): shared.count
        case .stream: 0
        }
    }
}
