/// Why a fetch produced no response.
public struct FetchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure, open to new members.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        private let name: String

        /// The upstream did not answer in time (connect or total timeout).
        public static let timeout = Kind(name: "timeout")
        /// The host's name could not be resolved.
        public static let nameNotResolved = Kind(name: "name_not_resolved")
        /// No connection could be made (refused, no route to the host).
        public static let unreachable = Kind(name: "unreachable")
        /// The connection broke (reset, a receive or send error) before a complete response.
        public static let connectionLost = Kind(name: "connection_lost")
        /// The upstream closed the connection without sending anything.
        public static let emptyReply = Kind(name: "empty_reply")
        /// The connection closed before the body its header announced was complete.
        public static let truncated = Kind(name: "truncated")
        /// The reply is not HTTP at all (libcurl takes it for HTTP/0.9, which it refuses), or its
        /// status line is not one.
        public static let notHTTP = Kind(name: "not_http")
        /// The reply is HTTP but breaks the protocol: a header line without a colon, a bad
        /// `Content-Length`, a NUL byte in a header, a malformed chunk.
        public static let badHTTP = Kind(name: "bad_http")
        /// The TLS handshake failed.
        public static let tls = Kind(name: "tls")
        /// The upstream's TLS certificate could not be verified.
        public static let certificate = Kind(name: "certificate")
        /// The body exceeded the size cap, or a header libcurl's (100 KiB a line).
        public static let tooLarge = Kind(name: "too_large")
        /// The body could not be decompressed.
        public static let badEncoding = Kind(name: "bad_encoding")
        /// A redirect led to a host that is not allowed.
        public static let redirectRefused = Kind(name: "redirect_refused")
        /// More redirects than allowed.
        public static let tooManyRedirects = Kind(name: "too_many_redirects")
        /// The URL is not an absolute http(s) URL.
        public static let invalidURL = Kind(name: "invalid_url")
        /// The caller stopped waiting.
        public static let cancelled = Kind(name: "cancelled")
        /// Any other transfer failure.
        public static let transfer = Kind(name: "transfer")

        public var description: String { name }
    }

    /// The kind of failure.
    public let kind: Kind
    /// What happened, with libcurl's words where it gave any.
    public let message: String
    /// The URL concerned.
    public let url: String

    /// Creates an error; the fetcher makes them, tests and wrappers may too.
    public init(kind: Kind, message: String, url: String) {
        self.kind = kind
        self.message = message
        self.url = url
    }

    public var description: String { "\(kind): \(message) (\(url))" }
}
