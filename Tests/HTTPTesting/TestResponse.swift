/// A response received by `HTTPTestClient` or `ConcurrentRequests`, exactly as the server sent it.
///
/// Nothing is decoded beyond chunked transfer coding: a gzip body stays gzip bytes.
public struct TestResponse: ReceivedResponse, Sendable {
    /// The status code of the final response (e.g. 200).
    public let status: Int
    /// The protocol from the status line, e.g. `HTTP/1.1`.
    public let httpVersion: String
    /// The header fields in the order received, names spelled as received.
    public let headers: [(String, String)]
    /// The body bytes (empty for HEAD, 204 and 304).
    public let body: [UInt8]
    /// How many new connections curl opened for this request; 0 means a kept-alive connection was reused.
    public let newConnections: Int

    /// Creates a response; used by the transfer code and by tests that fake responses.
    public init(status: Int, httpVersion: String, headers: [(String, String)], body: [UInt8], newConnections: Int) {
        self.status = status
        self.httpVersion = httpVersion
        self.headers = headers
        self.body = body
        self.newConnections = newConnections
    }


    /// Whether the request went over a kept-alive connection instead of a new one.
    public var reusedConnection: Bool {
        newConnections == 0
    }
}
