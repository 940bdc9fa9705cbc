/// An error that knows how it is shown to a client: status, a stable machine code and a message.
///
/// Thrown from a handler, it becomes an error document (XML `<error>` or RFC 9457
/// `application/problem+json`). Any other error becomes a 500 and a log line.
public protocol HTTPResponseError: Error {
    /// The HTTP status code, 4xx or 5xx.
    var status: Int { get }
    /// A stable, machine-readable code such as `not_found`.
    var code: String { get }
    /// A message for people.
    var message: String { get }
    /// Extra response headers, such as `Allow` or `Retry-After`.
    var headers: HTTPHeaders { get }
    /// Extra members of the error document after the message, such as the upstream that failed.
    var fields: [(name: String, value: String)] { get }
}

extension HTTPResponseError {
    /// No extra headers by default.
    public var headers: HTTPHeaders { HTTPHeaders() }
    /// No extra members by default.
    public var fields: [(name: String, value: String)] { [] }
}

/// The errors the HTTP layer itself reports.
public struct HTTPError: HTTPResponseError, Equatable, CustomStringConvertible {
    public let status: Int
    public let code: String
    public let message: String
    public let headers: HTTPHeaders

    /// Creates an error with a status, code and message.
    public init(status: Int, code: String, message: String, headers: HTTPHeaders = HTTPHeaders()) {
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers
    }

    public var description: String { "\(status) \(code): \(message)" }

    public static func == (lhs: HTTPError, rhs: HTTPError) -> Bool {
        lhs.status == rhs.status && lhs.code == rhs.code && lhs.message == rhs.message
    }

    /// 400: a parameter or the request is malformed.
    public static func badRequest(_ message: String, code: String = "bad_request") -> HTTPError {
        HTTPError(status: 400, code: code, message: message)
    }

    /// 404: nothing is at that path.
    public static func notFound(_ message: String = "No resource at this path.") -> HTTPError {
        HTTPError(status: 404, code: "not_found", message: message)
    }

    /// 405: the path exists, the method does not.
    public static func methodNotAllowed(_ method: String, allowed: [String]) -> HTTPError {
        HTTPError(
            status: 405, code: "method_not_allowed",
            // A method is a token of any length; a long one is not echoed in full.
            message: "Method \(method.count > 32 ? method.prefix(32) + "…" : method) is not allowed here; use \(allowed.joined(separator: ", ")).",
            headers: [("Allow", allowed.joined(separator: ", "))])
    }

    /// 406: the client accepts neither XML nor JSON.
    public static let notAcceptable = HTTPError(
        status: 406, code: "not_acceptable",
        message: "This resource is available as application/xml or application/json only.")

    /// 413: the request body is larger than the limit.
    public static func contentTooLarge(limit: Int) -> HTTPError {
        HTTPError(status: 413, code: "content_too_large", message: "The request body is larger than \(limit) bytes.")
    }

    /// 414: the request target is longer than the limit.
    public static func uriTooLong(limit: Int) -> HTTPError {
        HTTPError(status: 414, code: "uri_too_long", message: "The request target is longer than \(limit) bytes.")
    }

    /// 431: the header section is larger than the limit.
    public static func headersTooLarge(limit: Int) -> HTTPError {
        HTTPError(
            status: 431, code: "headers_too_large",
            message: "The request header fields are larger than \(limit) bytes in all.")
    }

    /// 431: the request has more header fields than the limit.
    public static func tooManyHeaderFields(limit: Int) -> HTTPError {
        HTTPError(
            status: 431, code: "headers_too_large",
            message: "The request has more than \(limit) header fields.")
    }

    /// 400: the request's body length cannot be read unambiguously (RFC 9112 §6.3); its connection closes.
    public static func invalidFraming(_ message: String) -> HTTPError {
        HTTPError(status: 400, code: "invalid_framing", message: message)
    }

    /// 400: a header field line is malformed (RFC 9112 §5); the connection closes.
    public static func invalidHeader(_ message: String) -> HTTPError {
        HTTPError(status: 400, code: "invalid_header", message: message)
    }

    /// 501: the request's body uses a transfer coding other than chunked.
    public static func unsupportedTransferCoding(_ coding: String) -> HTTPError {
        HTTPError(
            status: 501, code: "unsupported_transfer_coding",
            message: "The transfer coding \(coding) is not supported; send the body with chunked alone, or with Content-Length.")
    }

    /// 503: the server has more connections than it admits.
    public static func tooManyConnections(perClient: Bool) -> HTTPError {
        HTTPError(
            status: 503, code: perClient ? "too_many_connections_from_client" : "too_many_connections",
            message: perClient
                ? "Too many open connections from this address; reuse a keep-alive connection."
                : "The server has too many open connections; try again shortly.",
            headers: [("Retry-After", "1")])
    }

    /// 503: the server is shutting down or not ready.
    public static func unavailable(_ message: String, code: String = "unavailable") -> HTTPError {
        HTTPError(status: 503, code: code, message: message, headers: [("Retry-After", "5")])
    }

    /// 500: an unexpected failure; the details go to the log, not to the client.
    public static func internalError(requestID: String) -> HTTPError {
        HTTPError(
            status: 500, code: "internal_error",
            message: "Something went wrong on our side; the request id is \(requestID).")
    }
}
