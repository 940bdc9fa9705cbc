internal import CMicroHTTPD
import Foundation
import Synchronization

/// The HTTP server: libmicrohttpd with epoll and a thread pool, async handlers through suspend/resume.
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

    private let daemon = Mutex<DaemonHandle?>(nil)
    private let clients = Mutex(ClientCounts())
    private let suspended = Mutex<[ObjectIdentifier: (RequestContext, ConnectionHandle)]>([:])
    private let errorLogger: LoggerSlot

    /// Creates a server; nothing listens until `start()`.
    public init(responder: Responder, configuration: ServerConfiguration, log: ServerLog, accessLog: AccessLog) {
        self.responder = responder
        self.configuration = configuration
        self.log = log
        self.accessLog = accessLog
        errorLogger = LoggerSlot()
    }

    deinit {
        stopDaemon()
        errorLogger.pointer.deallocate()
    }

    /// The metrics the server records into.
    public var metrics: ServerMetrics { responder.metrics }

    /// Binds, starts the daemon and returns the port it listens on.
    @discardableResult
    public func start() throws(ServerError) -> Int {
        raiseOpenFileLimit()
        let socket = try ListenSocket.open(host: configuration.host, port: configuration.port)
        let limits = configuration.limits
        // One per core: two per core gained some throughput in `make bench` but tripled p99, since a
        // parked thread stalls every connection it accepted.
        let threads = configuration.threads > 0 ? configuration.threads : ProcessInfo.processInfo.activeProcessorCount
        let me = Unmanaged.passUnretained(self).toOpaque()
        errorLogger.pointer.pointee = cmhd_logger(callback: { cls, message in
            guard let cls, let message else { return }
            Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue().log.error("libmicrohttpd: \(String(cString: message))")
        }, cls: me)

        // The logger must come first, or libmicrohttpd reports start-up problems its own way.
        var options: [MHD_OptionItem] = [
            cmhd_option_logger(errorLogger.pointer),
            cmhd_option_int(CMHD_OPTION_LISTEN_SOCKET, Int(socket.descriptor)),
            cmhd_option_int(CMHD_OPTION_THREAD_POOL_SIZE, max(threads, 1)),
            cmhd_option_int(CMHD_OPTION_CONNECTION_TIMEOUT, limits.idleTimeout),
            // Our own limits answer 503 with a document; libmicrohttpd's is only the backstop.
            cmhd_option_int(CMHD_OPTION_CONNECTION_LIMIT, limits.maxConnections + 256),
            // Room for the largest request head we accept, so our 414/431 documents answer it.
            // libmicrohttpd zeroes this pool after every request and it is most of a connection's
            // memory, so it is no larger than that (a head far past the limits gets libmicrohttpd's
            // own 414/431 page).
            cmhd_option_int(CMHD_OPTION_CONNECTION_MEMORY_LIMIT, limits.maxTargetBytes + limits.maxHeaderBytes + 4 * 1024),
            cmhd_option_uri_log(uriLogCallback, me),
            cmhd_option_completed(completedCallback, me),
            cmhd_option_notify_connection(connectionCallback, me),
            cmhd_option_end(),
        ]
        // TURBO reads and writes before asking epoll: one system call less per request, measured
        // at about +8% requests/s by `make bench`.
        let flags = MHD_USE_EPOLL.rawValue | MHD_USE_INTERNAL_POLLING_THREAD.rawValue
            | MHD_ALLOW_SUSPEND_RESUME.rawValue | MHD_USE_ERROR_LOG.rawValue | MHD_USE_TURBO.rawValue
        let started = options.withUnsafeMutableBufferPointer {
            cmhd_start_daemon(flags, accessHandlerCallback, me, $0.baseAddress)
        }
        guard let started else {
            close(socket.descriptor)
            throw .daemon("MHD_start_daemon returned NULL")
        }
        daemon.withLock { $0 = DaemonHandle(pointer: started, listenDescriptor: socket.descriptor) }
        log.info("listening on \(socket.host):\(socket.port) with \(threads) threads")
        return socket.port
    }

    /// Stops accepting, lets in-flight requests finish within the grace period, then stops.
    public func shutdown() async {
        responder.startDraining()
        daemon.withLock { handle in
            guard let handle else { return }
            let listen = MHD_quiesce_daemon(handle.pointer)
            if listen >= 0 { close(listen) }
        }
        let deadline = Date().addingTimeInterval(configuration.shutdownGrace)
        while metrics.requestsInFlight > 0, Date() < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
        answerSuspendedForShutdown()
        // Give the answers just resumed a moment to leave before the sockets close.
        let flushDeadline = Date().addingTimeInterval(0.5)
        while metrics.requestsInFlight > 0, Date() < flushDeadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
        stopDaemon()
        log.sink.flush()
    }

    private func stopDaemon() {
        let handle = daemon.withLock { handle -> DaemonHandle? in
            defer { handle = nil }
            return handle
        }
        if let handle { MHD_stop_daemon(handle.pointer) }
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

    /// Resumes a suspended connection unless the daemon is already gone.
    private func resume(_ context: RequestContext, _ connection: ConnectionHandle) {
        suspended.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(context)) }
        daemon.withLock { handle in
            guard handle != nil else { return }
            MHD_resume_connection(connection.pointer)
        }
    }

    // MARK: - libmicrohttpd callbacks, forwarded from the C function pointers below

    func requestLine(_ uri: UnsafePointer<CChar>?) -> RequestContext {
        metrics.requestStarted()
        guard let uri else { return RequestContext(target: "", early: .badRequest("The request has no target.")) }
        if let target = String(validatingCString: uri) { return RequestContext(target: target) }
        // Keep a repaired copy for the log; the request itself is refused.
        return RequestContext(
            target: String(cString: uri),
            early: .badRequest("The request target is not valid UTF-8.", code: "invalid_encoding"))
    }

    func access(
        _ connection: OpaquePointer, _ context: RequestContext, method: UnsafePointer<CChar>?,
        version: UnsafePointer<CChar>?, upload: UnsafePointer<CChar>?, uploadSize: UnsafeMutablePointer<Int>
    ) -> MHD_Result {
        switch context.phase {
        case .new:
            context.phase = .receiving
            readHead(connection, context, method: method, version: version)
            return MHD_YES
        case .receiving:
            let count = uploadSize.pointee
            if count > 0 {
                uploadSize.pointee = 0
                return receive(upload, count: count, connection, context)
            }
            if context.early != nil { return answerEarly(connection, context) }
            return dispatch(connection, context)
        case .waiting:
            guard let response = context.take() else { return MHD_NO }
            return queue(response, connection, context)
        case .answered:
            return MHD_YES
        }
    }

    func completed(_ context: RequestContext, completed: Bool) {
        let duration = Double(Timestamp.monotonicNanoseconds() - context.started) / 1e9
        let status = context.status
        // One copy of the request: each `context.request?.field` would copy all of it.
        let request = context.request
        metrics.requestFinished(series: request?.series, status: status == 0 ? 400 : status, duration: duration)
        guard accessLog.format != .off else { return }
        let headers = request?.headers ?? context.headers
        accessLog.record(Exchange(
            id: request?.id ?? "-", remote: request?.remoteAddress ?? "-",
            method: context.method.isEmpty ? "-" : context.method, target: context.target,
            version: context.version.isEmpty ? "HTTP/1.1" : context.version,
            template: request?.template, status: status, bytes: context.bytesSent, duration: duration,
            userAgent: headers["User-Agent"], referer: accessLog.format == .combined ? headers["Referer"] : nil,
            completed: completed))
    }

    func connectionStarted(_ connection: OpaquePointer) -> ConnectionState {
        let remote = addressText(cmhd_connection_client_address(connection))
        let limits = configuration.limits
        let rejection = clients.withLock { counts -> HTTPError? in
            counts.total += 1
            counts.perClient[remote, default: 0] += 1
            if counts.total > limits.maxConnections { return .tooManyConnections(perClient: false) }
            if counts.perClient[remote]! > limits.maxConnectionsPerClient { return .tooManyConnections(perClient: true) }
            return nil
        }
        if rejection == nil { metrics.connectionOpened() } else { metrics.connectionRejected() }
        return ConnectionState(remote: remote, rejection: rejection)
    }

    func connectionClosed(_ state: ConnectionState) {
        if state.rejection == nil { metrics.connectionClosed() }
        clients.withLock { counts in
            counts.total -= 1
            let left = (counts.perClient[state.remote] ?? 1) - 1
            counts.perClient[state.remote] = left > 0 ? left : nil
        }
    }

    // MARK: - Steps of one request

    private func readHead(
        _ connection: OpaquePointer, _ context: RequestContext, method: UnsafePointer<CChar>?, version: UnsafePointer<CChar>?
    ) {
        context.method = method.map { String(cString: $0) } ?? ""
        context.version = version.map { String(cString: $0) } ?? ""
        var collector = HeaderCollector()
        withUnsafeMutablePointer(to: &collector) { pointer in
            _ = MHD_get_connection_values_n(connection, CMHD_HEADER_KIND, { cls, _, key, keySize, value, valueSize in
                guard let cls else { return MHD_NO }
                let collector = cls.assumingMemoryBound(to: HeaderCollector.self)
                collector.pointee.add(key, keySize, value, valueSize)
                return MHD_YES
            }, pointer)
        }
        context.headers = collector.headers
        let connectionState = cmhd_connection_socket_context(connection).map {
            Unmanaged<ConnectionState>.fromOpaque($0).takeUnretainedValue()
        }
        let remote = connectionState?.remote ?? "-"
        context.request = Request(
            id: RequestID.accept(context.headers["X-Request-Id"]) ?? RequestID.next(),
            method: context.method, target: context.target, headers: context.headers, remoteAddress: remote)
        if let rejection = connectionState?.rejection {
            context.early = rejection
        } else {
            context.declaredLength = context.headers["Content-Length"].flatMap { Int($0) }
            context.early = context.early ?? responder.checkLimits(
                targetBytes: context.target.utf8.count, headerBytes: collector.bytes,
                declaredBodyBytes: context.declaredLength)
        }
    }

    /// Bodies of refused requests are read and dropped up to this size, so that a client that
    /// sends its body without waiting for `100 Continue` still reads the error instead of a reset.
    static let drainLimit = 1 << 20

    private func receive(
        _ upload: UnsafePointer<CChar>?, count: Int, _ connection: OpaquePointer, _ context: RequestContext
    ) -> MHD_Result {
        if context.early == nil, context.body.count + count > configuration.limits.maxBodyBytes {
            context.early = .contentTooLarge(limit: configuration.limits.maxBodyBytes)
            context.dropped = context.body.count
            context.body = []
        }
        guard context.early == nil else {
            context.dropped += count
            let declared = context.declaredLength ?? 0
            return context.dropped > Self.drainLimit || declared > Self.drainLimit ? answerEarly(connection, context) : MHD_YES
        }
        if let upload {
            upload.withMemoryRebound(to: UInt8.self, capacity: count) {
                context.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: count))
            }
        }
        return MHD_YES
    }

    private func answerEarly(_ connection: OpaquePointer, _ context: RequestContext) -> MHD_Result {
        guard let request = context.request, let error = context.early else { return MHD_NO }
        var response = responder.errorResponse(error, for: request)
        // The rest of this connection's input is unread or unwanted: close it after the answer.
        response.headers.set("Connection", "close")
        return queue(responder.finalize(response, for: request), connection, context)
    }

    private func dispatch(_ connection: OpaquePointer, _ context: RequestContext) -> MHD_Result {
        guard var request = context.request else { return MHD_NO }
        context.request = nil
        request.body = context.body
        context.body = []
        switch responder.begin(request) {
        case .respond(let routed, let response):
            context.request = routed
            return queue(responder.finalize(response, for: routed), connection, context)
        case .run(let routed, let handler):
            context.request = routed
            context.phase = .waiting
            let handle = ConnectionHandle(pointer: connection)
            suspended.withLock { $0[ObjectIdentifier(context)] = (context, handle) }
            MHD_suspend_connection(connection)
            let responder = self.responder
            Task {
                let response = await responder.run(routed, handler)
                if context.resolve(responder.finalize(response, for: routed)) {
                    self.resume(context, handle)
                }
            }
            return MHD_YES
        }
    }

    private func queue(_ response: WireResponse, _ connection: OpaquePointer, _ context: RequestContext) -> MHD_Result {
        context.phase = .answered
        let mhdResponse = response.body.withUnsafeBytes { cmhd_response_copy($0.baseAddress, $0.count) }
        guard let mhdResponse else { return MHD_NO }
        defer { MHD_destroy_response(mhdResponse) }
        for field in response.headers {
            // withCString borrows native strings' storage; passing a String directly copies it.
            field.name.withCString { name in
                field.value.withCString { value in _ = MHD_add_response_header(mhdResponse, name, value) }
            }
        }
        context.status = response.status
        context.bytesSent = context.method == "HEAD" ? 0 : response.body.count
        return MHD_queue_response(connection, UInt32(response.status), mhdResponse)
    }
}

/// The C struct through which libmicrohttpd's error messages reach the log; written once before start.
struct LoggerSlot: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<cmhd_logger>

    init() {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: cmhd_logger(callback: nil, cls: nil))
    }
}

/// Connection counts for the connection limits.
struct ClientCounts {
    var total = 0
    var perClient: [String: Int] = [:]
}

/// The daemon pointer, owned by the server and freed by `MHD_stop_daemon`.
struct DaemonHandle: @unchecked Sendable {
    let pointer: OpaquePointer
    let listenDescriptor: Int32
}

/// A connection pointer carried to the task that resumes it.
struct ConnectionHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// Collects request header fields from libmicrohttpd's iterator, with their total size.
struct HeaderCollector {
    var headers = HTTPHeaders(capacity: 12)
    var bytes = 0

    mutating func add(_ key: UnsafePointer<CChar>?, _ keySize: Int, _ value: UnsafePointer<CChar>?, _ valueSize: Int) {
        bytes += keySize + valueSize + 4
        headers.add(text(key, keySize), text(value, valueSize))
    }

    private func text(_ pointer: UnsafePointer<CChar>?, _ count: Int) -> String {
        guard let pointer, count > 0 else { return "" }
        return pointer.withMemoryRebound(to: UInt8.self, capacity: count) {
            String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self)
        }
    }
}

let MHD_YES = cmhd_yes()
let MHD_NO = cmhd_no()
