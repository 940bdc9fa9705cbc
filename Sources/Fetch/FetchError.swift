public import Kernel

/// Why a fetch produced no response.
public struct FetchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure, open to new members.
    public typealias Kind = ErrorKind<FetchError>

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

extension ErrorKind<FetchError> {
    /// The upstream did not answer in time (connect or total timeout).
    public static var timeout: Self { Self("timeout") }
    /// The host's name could not be resolved.
    public static var nameNotResolved: Self { Self("name_not_resolved") }
    /// No connection could be made (refused, no route to the host).
    public static var unreachable: Self { Self("unreachable") }
    /// The connection broke (reset, a receive or send error) before a complete response.
    public static var connectionLost: Self { Self("connection_lost") }
    /// The upstream closed the connection without sending anything.
    public static var emptyReply: Self { Self("empty_reply") }
    /// The connection closed before the body its header announced was complete.
    public static var truncated: Self { Self("truncated") }
    /// The reply is not HTTP at all (libcurl takes it for HTTP/0.9, which it refuses), or its
    /// status line is not one.
    public static var notHTTP: Self { Self("not_http") }
    /// The reply is HTTP but breaks the protocol: a header line without a colon, a bad
    /// `Content-Length`, a NUL byte in a header, a malformed chunk.
    public static var badHTTP: Self { Self("bad_http") }
    /// The TLS handshake failed.
    public static var tls: Self { Self("tls") }
    /// The upstream's TLS certificate could not be verified.
    public static var certificate: Self { Self("certificate") }
    /// The body exceeded the size cap, or a header libcurl's (100 KiB a line).
    public static var tooLarge: Self { Self("too_large") }
    /// The body could not be decompressed.
    public static var badEncoding: Self { Self("bad_encoding") }
    /// A redirect led to a host that is not allowed.
    public static var redirectRefused: Self { Self("redirect_refused") }
    /// More redirects than allowed.
    public static var tooManyRedirects: Self { Self("too_many_redirects") }
    /// The URL is not an absolute http(s) URL.
    public static var invalidURL: Self { Self("invalid_url") }
    /// The caller stopped waiting.
    public static var cancelled: Self { Self("cancelled") }
    /// Any other transfer failure.
    public static var transfer: Self { Self("transfer") }
}
