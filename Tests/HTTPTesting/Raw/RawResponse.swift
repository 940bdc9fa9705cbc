/// A response read off a raw socket by `RawHTTP`, parsed but otherwise as sent.
public struct RawResponse: ReceivedResponse, Sendable {
    /// The status code from the status line.
    public let status: Int
    /// The reason phrase from the status line (may be empty).
    public let reason: String
    /// The protocol from the status line, e.g. `HTTP/1.1`.
    public let httpVersion: String
    /// The header fields in the order received, names spelled as received.
    public let headers: [(String, String)]
    /// The body with chunked framing removed; empty when no body was expected.
    public let body: [UInt8]
    /// Every byte received on the connection, including anything after this response.
    public let raw: [UInt8]

}
