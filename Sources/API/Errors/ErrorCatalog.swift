public import Server

/// The one table from an error code to how a client is answered: the HTTP status, whether
/// `Retry-After` is sent, how the error answer may be kept, and what the code means.
///
/// Routes, Scrape, Upstream, Services and Model produce codes only; the answer is decided here.
/// The seconds of a `Retry-After` are not in the table: they are a fact the failure carries (the
/// upstream's pause, the breaker's cooldown).
///
/// ```swift
/// ErrorCatalog.entry(for: "ambiguous_station")?.status   // 400
/// ErrorCatalog.status(of: "upstream_paused")             // 503, with Retry-After
/// ```
public enum ErrorCatalog {
    /// How a client is answered for one code.
    public struct Entry: Sendable, Equatable {
        /// The stable machine code (`no_connections`).
        public let code: String
        /// The HTTP status of an answer that stands for the code.
        public let status: Int
        /// Whether `Retry-After` is sent, with the seconds the failure carries.
        public let retryAfter: Bool
        /// How long an error answer for the code may be kept, where no upstream answer's own
        /// freshness decides it.
        public let cache: CachePolicy
        /// What the code means, in one line.
        public let summary: String
        /// Whether the HTTP layer gives the code itself (framing, 405, 406, 413, 414, 431),
        /// before any endpoint runs.
        public let fromServer: Bool

        init(_ code: String, _ status: Int, retryAfter: Bool = false, cache: CachePolicy = .noStore, fromServer: Bool = false, _ summary: String) {
            self.code = code
            self.status = status
            self.retryAfter = retryAfter
            self.cache = cache
            self.summary = summary
            self.fromServer = fromServer
        }
    }

    /// The status an answer for an unknown code takes: a code outside the table is our bug.
    public static let unknownCodeStatus = 500

    /// Every entry, keyed by code.
    private static let byCode: [String: Entry] = Dictionary(entries.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })

    /// The entry for a code, or nil for a code the table does not know.
    public static func entry(for code: String) -> Entry? { byCode[code] }

    /// The HTTP status for a code (500 for one the table does not know).
    public static func status(of code: String) -> Int { byCode[code]?.status ?? unknownCodeStatus }

    /// The response headers for a code: `Retry-After` when the entry sends it and the failure
    /// carries seconds.
    public static func headers(for code: String, retryAfter seconds: Int?) -> HTTPHeaders {
        guard let seconds, byCode[code]?.retryAfter == true else { return HTTPHeaders() }
        return [("Retry-After", String(seconds))]
    }

    /// How an error answer for a code may be kept (not at all for an unknown code).
    public static func cache(for code: String) -> CachePolicy { byCode[code]?.cache ?? .noStore }
}
