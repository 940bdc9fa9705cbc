/// A failed test request: what went wrong, the underlying curl code or `errno`, and the URL.
///
/// Compare `kind` rather than matching messages, so tests stay stable across curl versions:
///
/// ```swift
/// #expect(throws: HTTPTestError.self) { try client.send(url) }
/// do { _ = try client.send(url) } catch { #expect(error.kind == .connectionRefused) }
/// ```
public struct HTTPTestError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The category of a failure; a struct over a private enum so categories can grow.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        private enum Base: String, Sendable, Hashable {
            case connectionRefused, timedOut, emptyReply, connectionReset, transfer
            case setup, socket, malformedResponse
        }

        private let base: Base

        /// Nothing listens on the port (`CURLE_COULDNT_CONNECT`, `ECONNREFUSED`).
        public static let connectionRefused = Kind(base: .connectionRefused)
        /// The request did not finish within its timeout (`CURLE_OPERATION_TIMEDOUT`).
        public static let timedOut = Kind(base: .timedOut)
        /// The server closed the connection without sending a byte (`CURLE_GOT_NOTHING`).
        public static let emptyReply = Kind(base: .emptyReply)
        /// The server reset or closed the connection mid-response (`CURLE_RECV_ERROR`, `ECONNRESET`).
        public static let connectionReset = Kind(base: .connectionReset)
        /// Any other curl transfer failure; see `code` and `message`.
        public static let transfer = Kind(base: .transfer)
        /// Setting up curl or the multi handle failed before any I/O.
        public static let setup = Kind(base: .setup)
        /// A POSIX socket call failed; `code` is `errno`.
        public static let socket = Kind(base: .socket)
        /// The bytes received are not a parsable HTTP/1.x response.
        public static let malformedResponse = Kind(base: .malformedResponse)

        /// The category name, e.g. `timedOut`.
        public var description: String { base.rawValue }
    }

    /// The category of the failure.
    public let kind: Kind
    /// The curl code (`CURLcode` or `CURLMcode`) or `errno`; 0 when neither applies.
    public let code: Int
    /// Curl's error buffer, `strerror`, or a parser message.
    public let message: String
    /// The URL (or `host:port`) of the request that failed.
    public let url: String

    init(kind: Kind, code: Int, message: String, url: String) {
        self.kind = kind
        self.code = code
        self.message = message
        self.url = url
    }

    /// A one-line summary including kind, code, message and URL.
    public var description: String {
        "HTTPTestError.\(kind) (code \(code)): \(message) [\(url)]"
    }
}
