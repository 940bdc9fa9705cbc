internal import CMicroHTTPD
import Dispatch
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// The HTTP server: one libmicrohttpd daemon (epoll, one thread) per core, each on its own
/// listening socket of one `SO_REUSEPORT` group, async handlers through suspend/resume.
///
/// ```swift
/// let server = HTTPServer(responder: responder, configuration: configuration, log: log, accessLog: accessLog)
/// let port = try server.start()
/// …
/// await server.shutdown()
/// ```
///
/// A request is answered on the second call of the access handler, never the first, because
/// libmicrohttpd closes a keep-alive connection when a response is queued before it has looked
/// for a body. Handlers that must wait suspend the connection and resume it when done
/// (https://www.gnu.org/software/libmicrohttpd/manual/html_node/microhttpd_002dflow.html).
public final class HTTPServer: Sendable {
    let responder: Responder
    let configuration: ServerConfiguration
    let log: ServerLog
    let accessLog: AccessLog

    /// The running daemons, none before `start()` and after the stop.
    private let daemons = Mutex<[DaemonHandle]>([])
    let connections = Mutex(ConnectionTable())
    let suspended = Mutex<[ObjectIdentifier: (RequestContext, ConnectionHandle)]>([:])
    let reuse = ResponseReuse()
    /// Streamed bodies being sent, cancelled when the shutdown grace is over.
    let streams = Mutex<[ObjectIdentifier: ResponseStream]>([:])
    private let errorLogger: LoggerSlot
    /// libmicrohttpd's messages, mostly about malformed requests, are limited to 20 a second.
    let libraryLines = LineBudget(perSecond: 20)
    /// Checks suspended connections for clients that went away, while there are any.
    private let disconnectWatch = Mutex<(any DispatchSourceTimer)?>(nil)
    /// Cuts connections whose request head takes longer than the head deadline.
    let headWatch = Mutex<(any DispatchSourceTimer)?>(nil)
    /// The event-loop core, when it serves (`configuration.core`).
    private let loopCore = Mutex<LoopServer?>(nil)

    /// Creates a server; nothing listens until `start()`.
    public init(responder: Responder, configuration: ServerConfiguration, log: ServerLog, accessLog: AccessLog) {
        self.responder = responder
        self.configuration = configuration
        self.log = log
        self.accessLog = accessLog
        errorLogger = LoggerSlot()
        responder.metrics.reportDrops(of: accessLog.sink)
    }

    deinit {
        stopDaemon()
        errorLogger.pointer.deallocate()
    }

    /// The metrics the server records into.
    public var metrics: ServerMetrics { responder.metrics }

    /// The HTTP/1.1 core that serves.
    public var core: HTTPCore { configuration.core }

    /// The streamed bodies being sent now, on whichever core serves.
    var openStreams: [ResponseStream] {
        if let core = loopCore.withLock({ $0 }) { return core.openStreams }
        return streams.withLock { Array($0.values) }
    }

    /// Serves a socket connected elsewhere (one end of a socket pair, say) as a client
    /// connection from `remote`, within the connection limits; the server owns it from now on.
    /// The event-loop core only; false when another core serves (the socket is then left alone).
    public func serve(connected descriptor: Int32, remote: String) -> Bool {
        guard let core = loopCore.withLock({ $0 }) else { return false }
        core.serve(connected: descriptor, remote: remote)
        return true
    }

    /// Checks every connection's deadlines now and returns when done: what a test calls after
    /// moving a manual `ServerConfiguration.deadlineClock`. The event-loop core only (libmicrohttpd
    /// keeps its own time).
    public func checkDeadlines() async {
        await loopCore.withLock({ $0 })?.checkDeadlines()
    }

    /// What the open connections are doing now (event-loop core; all zero on another).
    public func census() async -> ConnectionCensus {
        await loopCore.withLock({ $0 })?.census() ?? ConnectionCensus()
    }

    /// Binds, starts the daemon and returns the port it listens on.
    @discardableResult
    public func start() throws(ServerError) -> Int {
        raiseOpenFileLimit()
        let limits = configuration.limits
        // One per core: two per core gained some throughput in `make bench` but tripled p99, since a
        // parked thread stalls every connection it accepted.
        let threads = configuration.threads > 0 ? configuration.threads : max(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 1)
        // A daemon, and a socket, per thread rather than one daemon's thread pool on one socket:
        // there the thread awake first accepted every connection that was waiting, so 64 new
        // connections split 66/2, 49/19 or 35/33 between two threads, and the busy thread's
        // connections waited for each other while the other core idled. The kernel spreads a
        // SO_REUSEPORT group's connections by a hash of the client's address and port.
        let sockets = try ListenSocket.open(host: configuration.host, port: configuration.port, count: threads)
        if configuration.core == .loop {
            let core = LoopServer(responder: responder, configuration: configuration, log: log, accessLog: accessLog)
            try core.start(sockets)
            loopCore.withLock { $0 = core }
            log.info("listening on \(sockets[0].host):\(sockets[0].port) with \(threads) threads")
            return sockets[0].port
        }
        let me = Unmanaged.passUnretained(self).toOpaque()
        errorLogger.pointer.pointee = cmhd_logger(callback: { cls, message in
            guard let cls, let message else { return }
            // libmicrohttpd reports mostly clients' protocol errors here, which it has answered itself.
            let text = String(String(cString: message).trimmingTrailingWhitespace())
            // The close that follows an answer written directly (`answerDirectly`) is no fault.
            if DeliberateClose.take(), text.hasPrefix("Application reported internal error") { return }
            let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
            guard case .write(let leftOut) = server.libraryLines.admit(at: Int64(Timestamp.monotonicNanoseconds() / 1_000_000_000))
            else { return }
            if leftOut > 0 { server.log.warning("libmicrohttpd: \(leftOut) more messages not shown") }
            server.log.warning("libmicrohttpd: \(text)")
        }, cls: me)

        // TURBO reads and writes before asking epoll: one system call less per request, measured
        // at about +8% requests/s by `make bench`.
        let flags = MHD_USE_EPOLL.rawValue | MHD_USE_INTERNAL_POLLING_THREAD.rawValue
            | MHD_ALLOW_SUSPEND_RESUME.rawValue | MHD_USE_ERROR_LOG.rawValue | MHD_USE_TURBO.rawValue
        var started: [DaemonHandle] = []
        for (index, socket) in sockets.enumerated() {
            // The logger must come first, or libmicrohttpd reports start-up problems its own way.
            var options: [MHD_OptionItem] = [
                cmhd_option_logger(errorLogger.pointer),
                cmhd_option_int(CMHD_OPTION_LISTEN_SOCKET, Int(socket.descriptor)),
                cmhd_option_int(CMHD_OPTION_CONNECTION_TIMEOUT, limits.idleTimeout),
                // Our own limits (over every daemon) answer 503 with a document; libmicrohttpd's,
                // per daemon, is only the backstop.
                cmhd_option_int(CMHD_OPTION_CONNECTION_LIMIT, limits.maxConnections + 256),
                cmhd_option_int(CMHD_OPTION_CONNECTION_MEMORY_LIMIT, Self.connectionMemory(for: limits)),
                cmhd_option_uri_log(uriLogCallback, me),
                cmhd_option_completed(completedCallback, me),
                cmhd_option_notify_connection(connectionCallback, me),
                cmhd_option_end(),
            ]
            let daemon = options.withUnsafeMutableBufferPointer {
                cmhd_start_daemon(flags, acceptPolicyCallback, me, accessHandlerCallback, me, $0.baseAddress)
            }
            guard let daemon else {
                // The daemons started own their sockets; the others are closed here.
                for socket in sockets[index...] { close(socket.descriptor) }
                for handle in started { MHD_stop_daemon(handle.pointer) }
                throw .daemon("MHD_start_daemon returned NULL")
            }
            started.append(DaemonHandle(pointer: daemon))
        }
        daemons.withLock { $0 = started }
        startHeadDeadline()
        log.info("listening on \(sockets[0].host):\(sockets[0].port) with \(threads) threads")
        return sockets[0].port
    }

    /// Stops accepting, lets in-flight requests finish within the grace period, then stops.
    public func shutdown() async {
        if let core = loopCore.withLock({ $0 }) {
            await core.shutdown()
            loopCore.withLock { $0 = nil }
            return
        }
        responder.startDraining()
        daemons.withLock { handles in
            for handle in handles {
                let listen = MHD_quiesce_daemon(handle.pointer)
                if listen >= 0 { close(listen) }
            }
        }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .milliseconds(Int(configuration.shutdownGrace * 1000)))
        while metrics.requestsInFlight > 0, clock.now < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
        // libmicrohttpd must not be stopped with a connection suspended: streams still open end now.
        cancelOpenStreams()
        answerSuspendedForShutdown()
        // Give the answers just resumed a moment to leave before the sockets close.
        let flushDeadline = clock.now.advanced(by: .milliseconds(500))
        while metrics.requestsInFlight > 0, clock.now < flushDeadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
        stopDaemon()
        log.sink.flush()
    }

    /// The memory libmicrohttpd gives each connection: room for the largest head we accept, its
    /// field records and the answer's header.
    ///
    /// libmicrohttpd reads the head into this pool and adds a record of about 56 bytes per header
    /// field (not per query argument: see `cmhd_drop_query_arguments`). It zeroes the pool after
    /// every request and it is most of a connection's memory, so it is no larger than the limits
    /// need. A head that fills it gets libmicrohttpd's own 431 page; a head within it but past our
    /// limits gets our document, written without the pool (`answerDirectly`).
    static func connectionMemory(for limits: ServerConfiguration.Limits) -> Int {
        limits.maxTargetBytes + limits.maxHeaderBytes + limits.maxHeaderFields * 56 + 2 * 1024
    }

    private func stopDaemon() {
        disconnectWatch.withLock { timer in
            timer?.cancel()
            timer = nil
        }
        headWatch.withLock { timer in
            timer?.cancel()
            timer = nil
        }
        let handles = daemons.withLock { handles -> [DaemonHandle] in
            // libmicrohttpd aborts when stopped with a connection suspended: whatever is still
            // suspended now (a handler that outlived the grace, a stream parked as it was cut) is
            // resumed, and stopping closes it. Under the daemons' lock, as `resume` takes it, so
            // that no resume can fall between this sweep and the handles going away.
            let left = suspended.withLock { table in
                defer { table.removeAll() }
                return Array(table.values)
            }
            if !handles.isEmpty { for (_, connection) in left { MHD_resume_connection(connection.pointer) } }
            defer { handles = [] }
            return handles
        }
        for handle in handles { MHD_stop_daemon(handle.pointer) }
        reuse.removeAll()
    }

    private func answerSuspendedForShutdown() {
        let waiting = suspended.withLock { $0 }
        for (context, connection) in waiting.values {
            guard let request = context.request else { continue }
            let error = HTTPError.unavailable("The server is shutting down; try again.", code: "shutting_down")
            let response = responder.finalize(responder.errorResponse(error, for: request), for: request)
            if context.resolve(response) { resume(context, connection) }
        }
    }

    /// Starts the disconnect watch if it is not running.
    ///
    /// libmicrohttpd does not poll a suspended connection, so it cannot see its client leave.
    /// Every 200 ms each suspended connection's socket is peeked: end of stream or an error means
    /// the client is gone, and its handler task is cancelled, which cancels the upstream fetch it
    /// waits for unless other requests wait for it too. The timer stops when nothing is suspended.
    func startWatchingDisconnects() {
        disconnectWatch.withLock { timer in
            guard timer == nil else { return }
            let source = DispatchSource.makeTimerSource(queue: .global())
            source.schedule(deadline: .now() + .milliseconds(200), repeating: .milliseconds(200), leeway: .milliseconds(50))
            source.setEventHandler { [weak self] in self?.checkSuspendedClients() }
            source.resume()
            timer = source
        }
    }

    private func checkSuspendedClients() {
        // Under the lock: a connection is resumed, and may then be closed, only after it leaves the table.
        let gone = suspended.withLock { table -> [RequestContext] in
            table.values.compactMap { context, connection in
                let fd = cmhd_connection_fd(connection.pointer)
                guard fd >= 0 else { return nil }
                var byte: UInt8 = 0
                let count = recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
                let closed = count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
                return closed ? context : nil
            }
        }
        for context in gone {
            context.task.withLock { $0?.cancel() }
            // A fed stream has no task: the stream itself is cancelled.
            context.stream?.cancel()
        }
        disconnectWatch.withLock { timer in
            guard suspended.withLock({ $0.isEmpty }) else { return }
            timer?.cancel()
            timer = nil
        }
    }

    /// Resumes a suspended connection unless the daemon is already gone.
    func resume(_ context: RequestContext, _ connection: ConnectionHandle) {
        // Leaving the table and resuming are one step under the daemons' lock: the sweep before
        // stopping then sees every connection either still in the table or already resumed.
        daemons.withLock { handles in
            let wasSuspended = suspended.withLock { $0.removeValue(forKey: ObjectIdentifier(context)) != nil }
            guard !handles.isEmpty, wasSuspended else { return }
            MHD_resume_connection(connection.pointer)
        }
    }
}
