/// Why a fetch produced no response.
public struct FetchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure, open to new members.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        private let name: String

        /// The upstream did not answer in time (connect or total timeout).
        public static let timeout = Kind(name: "timeout")
        /// The host could not be resolved or reached.
        public static let unreachable = Kind(name: "unreachable")
        /// The connection broke before a complete response.
        public static let connectionLost = Kind(name: "connection_lost")
        /// The body exceeded the size cap.
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
