#if canImport(Glibc)
import Glibc
#endif
/// Everything the HTTP server needs to know, with a default for every field.
public struct ServerConfiguration: Sendable {
    /// The address to listen on.
    public var host = "127.0.0.1"
    /// The TCP port; 0 picks a free one.
    public var port = 8080
    /// Event loop threads; 0 means one per core.
    public var threads = 0
    /// Limits on what one client may send or hold.
    public var limits = Limits()
    /// How the access log is written.
    public var accessLog = AccessLogFormat.json
    /// How long in-flight requests may take to finish on shutdown, in seconds.
    public var shutdownGrace = 10.0
    /// What the event loops read their connections' deadlines off: the monotonic clock, or a
    /// manual one a test moves (`DeadlineClock.manual()`, then `HTTPServer.checkDeadlines()`).
    public var deadlineClock = DeadlineClock.monotonic
    /// Bodies at least this large are gzipped when the client allows it.
    public var gzipMinimumBytes = 1024
    /// The product token sent in `Server`.
    public var serverName = "gottago/\(ServerVersion.current)"
    /// The clients that admin routes (`Route.isAdmin`) answer; loopback by default.
    public var adminNetworks = IPNetworks.loopback
    /// The proxies whose `X-Forwarded-For` names the client (`--trusted-proxies`); none by default.
    public var trustedProxies = TrustedProxies()

    /// Creates the default configuration.
    public init() {}

    /// Bounds on request sizes, connections and idle time.
    public struct Limits: Sendable {
        /// The longest request target (path and query), in bytes.
        public var maxTargetBytes = 8 * 1024
        /// The largest header section, in bytes.
        public var maxHeaderBytes = 16 * 1024
        /// The most header fields in one request (nginx allows about 100 in its default buffers).
        public var maxHeaderFields = 100
        /// The largest request body, in bytes.
        public var maxBodyBytes = 64 * 1024
        /// Seconds a connection may sit idle before it is closed.
        public var idleTimeout = 15
        /// Seconds a request head may take to arrive in full, counted from the connection's
        /// accept or, between keep-alive requests, from the head's first byte (nginx's
        /// `client_header_timeout`); a slower client is disconnected.
        public var headerTimeout = 10.0
        /// Open connections admitted in all.
        public var maxConnections = 4096
        /// Open connections admitted from one client address.
        public var maxConnectionsPerClient = 256

        /// Creates the default limits.
        public init() {}
    }
}

/// The format of the access log on standard error.
public enum AccessLogFormat: String, Sendable, CaseIterable {
    /// One JSON object per line.
    case json
    /// The Apache/NCSA combined log format.
    case combined
    /// No access log.
    case off
}

/// The version of the service.
public enum ServerVersion {
    /// The version string sent in `Server` and shown by `--version`.
    public static let current = "0.1.0"
}
