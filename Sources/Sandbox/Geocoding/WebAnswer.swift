/// The answers of a simulated web API: a status, a content type and the bytes.
public struct WebAnswer: Sendable {
    /// The HTTP status.
    public let status: Int
    /// The `Content-Type` header.
    public let contentType: String
    /// The body.
    public let body: [UInt8]
    /// Header fields besides `Content-Type` (`Last-Modified`, `Expires`, `Location`).
    public var headers: [(name: String, value: String)] = []

    /// The 414 every service gives for a query over ``WebQuery/maximumLength``.
    static let tooLong = WebAnswer(status: 414, contentType: "text/plain; charset=utf-8", body: Array("Request-URI Too Long\n".utf8))
    /// A plain 404 for a path the service does not serve.
    static let notFound = WebAnswer(status: 404, contentType: "text/plain; charset=utf-8", body: Array("Not Found\n".utf8))
}
