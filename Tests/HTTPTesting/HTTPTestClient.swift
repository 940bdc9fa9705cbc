/// A blocking libcurl HTTP/1.1 client that sends exactly what the test asks for.
///
/// One client holds one easy handle, so consecutive requests to the same server reuse the
/// kept-alive connection (`newConnections == 0`). curl adds nothing the test did not ask for:
/// no `Accept`, `Accept-Encoding` or `Expect` header, no decompression, no redirects; the URL
/// path goes out as given, so pre-encoded paths like `/a/%zz` reach the server untouched.
///
/// ```swift
/// let client = try HTTPTestClient()
/// let first = try client.send("http://127.0.0.1:\(port)/health")
/// let second = try client.send("HEAD", "http://127.0.0.1:\(port)/health")
/// #expect(second.newConnections == 0)
/// ```
///
/// Not `Sendable`: use one client per task or thread.
public final class HTTPTestClient {
    private let transfer: Transfer

    var transferForStreaming: Transfer { transfer }

    /// Creates a client with a fresh curl easy handle and no open connection.
    public init() throws(HTTPTestError) {
        transfer = try Transfer()
    }

    /// Sends one request and waits for the whole response.
    ///
    /// - Parameters:
    ///   - method: Any token; `HEAD` asks for no body, others besides `GET`/`POST` go out verbatim.
    ///   - url: The absolute URL, sent as is (no dot-segment or percent normalisation).
    ///   - headers: Extra header fields in order; an empty value sends an empty field.
    ///   - body: The request body; `nil` sends none (a `POST` then sends `Content-Length: 0`).
    ///   - timeout: Limit in seconds for the whole request, connect included.
    /// - Throws: `HTTPTestError` when no complete response arrives (refused, timed out, empty reply, reset).
    public func send(
        _ method: String,
        _ url: String,
        headers: [(String, String)] = [],
        body: [UInt8]? = nil,
        timeout: Double = 30
    ) throws(HTTPTestError) -> TestResponse {
        try transfer.prepare(TestRequest(method: method, url: url, headers: headers, body: body, timeout: timeout))
        return try transfer.perform().get()
    }

    /// Sends a GET; the same as `send("GET", url, ...)`.
    ///
    /// A separate overload because Swift cannot skip a defaulted leading unlabeled parameter:
    /// with `method: String = "GET"` first, `send(url)` would bind the URL to `method`.
    public func send(
        _ url: String,
        headers: [(String, String)] = [],
        body: [UInt8]? = nil,
        timeout: Double = 30
    ) throws(HTTPTestError) -> TestResponse {
        try send("GET", url, headers: headers, body: body, timeout: timeout)
    }
}

/// Not `Sendable`: the curl easy handle inside may only be used by one thread at a time.
@available(*, unavailable)
extension HTTPTestClient: Sendable {}
