#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// The HTTP server: an epoll event loop per core (`LoopServer`), each on its own listening socket
/// of one `SO_REUSEPORT` group, llhttp parsing, handlers' answers handed back to the loop that
/// serves their connection.
///
/// ```swift
/// let server = HTTPServer(responder: responder, configuration: configuration, log: log, accessLog: accessLog)
/// let port = try server.start()
/// …
/// await server.shutdown()
/// ```
public final class HTTPServer: Sendable {
    let responder: Responder
    let configuration: ServerConfiguration
    let log: ServerLog
    let accessLog: AccessLog
    /// The loops, from `start()` until the shutdown is done.
    private let core = Mutex<LoopServer?>(nil)

    /// Creates a server; nothing listens until `start()`.
    public init(responder: Responder, configuration: ServerConfiguration, log: ServerLog, accessLog: AccessLog) {
        self.responder = responder
        self.configuration = configuration
        self.log = log
        self.accessLog = accessLog
        responder.metrics.reportDrops(of: accessLog.sink)
    }

    /// The metrics the server records into.
    public var metrics: ServerMetrics { responder.metrics }

    /// The priority of a handler's task.
    ///
    /// Higher than the default, so that a request does not queue behind the process's other work
    /// for a thread of the cooperative pool: with every thread busy at the default priority
    /// (background refreshes, or a test run's CPU-bound tests), an answer or a stream's next event
    /// waited for all of it, once over 30 s; at this priority it runs beside it
    /// (`StreamBusyPoolTests`).
    static let requestPriority = TaskPriority.high

    /// The streamed bodies being sent now.
    var openStreams: [ResponseStream] { core.withLock { $0 }?.openStreams ?? [] }

    /// Serves a socket connected elsewhere (one end of a socket pair, say) as a client
    /// connection from `remote`, within the connection limits; the server owns it from now on.
    /// False before `start()` and after the shutdown (the socket is then left alone).
    public func serve(connected descriptor: Int32, remote: String) -> Bool {
        guard let core = core.withLock({ $0 }) else { return false }
        core.serve(connected: descriptor, remote: remote)
        return true
    }

    /// Checks every connection's deadlines now and returns when done: what a test calls after
    /// moving a manual `ServerConfiguration.deadlineClock`.
    public func checkDeadlines() async {
        await core.withLock({ $0 })?.checkDeadlines()
    }

    /// What the open connections are doing now.
    public func census() async -> ConnectionCensus {
        await core.withLock({ $0 })?.census() ?? ConnectionCensus()
    }

    /// Binds, starts the loops and returns the port they listen on.
    @discardableResult
    public func start() throws(ServerError) -> Int {
        raiseOpenFileLimit()
        // One loop per core: a second loop per core gains no throughput, and a loop parked by
        // the scheduler stalls every connection it serves.
        let threads = configuration.threads > 0 ? configuration.threads : max(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 1)
        // A socket per loop rather than one socket all loops accept from: there the loop awake
        // first accepted every connection that was waiting, so 64 new connections split 66/2,
        // 49/19 or 35/33 between two threads, and the busy thread's connections waited for each
        // other while the other core idled. The kernel spreads a SO_REUSEPORT group's
        // connections by a hash of the client's address and port.
        let sockets = try ListenSocket.open(host: configuration.host, port: configuration.port, count: threads)
        let loops = LoopServer(responder: responder, configuration: configuration, log: log, accessLog: accessLog)
        try loops.start(sockets)
        core.withLock { $0 = loops }
        log.info("listening on \(sockets[0].host):\(sockets[0].port) with \(threads) threads")
        return sockets[0].port
    }

    /// Stops accepting, lets in-flight requests and streams finish within the grace period,
    /// answers what is left `503 shutting_down`, and stops.
    public func shutdown() async {
        guard let loops = core.withLock({ $0 }) else { return }
        await loops.shutdown()
        core.withLock { $0 = nil }
    }

    /// The path and query of a request target; an absolute-form target (`http://host/path`,
    /// RFC 9112 §3.2.2) is reduced to them, as a server must accept it.
    static func originForm(_ target: String) -> String {
        guard target.utf8.first != UInt8(ascii: "/") else { return target }
        for scheme in ["http://", "https://"] where target.lowercased().hasPrefix(scheme) {
            let rest = target.dropFirst(scheme.count)
            guard let slash = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) else { return "/" }
            return rest[slash] == "?" ? "/" + rest[slash...] : String(rest[slash...])
        }
        return target
    }
}
