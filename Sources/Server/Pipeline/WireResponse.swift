/// A response as it goes on the wire: final status, headers and (possibly compressed) body.
public struct WireResponse: Sendable {
    /// The status code.
    public var status: Int
    /// Every header field the server sends, except those libmicrohttpd adds (`Date`, `Content-Length`).
    public var headers: HTTPHeaders
    /// The body bytes as sent (empty for 204 and 304; libmicrohttpd drops it for HEAD).
    public var body: [UInt8]
}
