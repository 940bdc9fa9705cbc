import Dispatch
#if canImport(Glibc)
import Glibc
#endif
import Kernel
import Synchronization

/// The HTTP/1.1 core on our own event loops: one `EventLoop` thread per core, each with its own
/// listening socket of one `SO_REUSEPORT` group, llhttp for parsing, handlers' answers handed
/// back through each loop's inbox. What the loops share lives here: the connection table behind
/// the connection limits, the open streams, the access log and the metrics.
final class LoopServer: Sendable {
    let responder: Responder
    let configuration: ServerConfiguration
    let log: ServerLog
    let accessLog: AccessLog
    private let loops = Mutex<[EventLoop]>([])
    private let connections = Mutex(ConnectionTable())
    private let streams = Mutex<[ObjectIdentifier: ResponseStream]>([:])
    private let draining = Atomic<Bool>(false)

    init(responder: Responder, configuration: ServerConfiguration, log: ServerLog, accessLog: AccessLog) {
        self.responder = responder
        self.configuration = configuration
        self.log = log
        self.accessLog = accessLog
    }

    var metrics: ServerMetrics { responder.metrics }
    var isDraining: Bool { draining.load(ordering: .relaxed) }

    /// Starts a loop on each socket.
    func start(_ sockets: [ListenSocket]) throws(ServerError) {
        var started: [EventLoop] = []
        for (index, socket) in sockets.enumerated() {
            do {
                started.append(try EventLoop(server: self, listener: socket.descriptor))
            } catch {
                for socket in sockets[index...] { close(socket.descriptor) }
                for loop in started { loop.post(.stop) }
                throw error
            }
        }
        for loop in started { loop.start() }
        loops.withLock { $0 = started }
    }

    /// Stops accepting, closes idle connections, lets requests and streams under way finish
    /// within the grace period, then answers what is left with 503 and stops the loops.
    func shutdown() async {
        draining.store(true, ordering: .relaxed)
        responder.startDraining()
        let running = loops.withLock { $0 }
        for loop in running {
            loop.post(.stopAccepting)
            loop.post(.closeIdle)
        }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .milliseconds(Int(configuration.shutdownGrace * 1000)))
        while metrics.requestsInFlight > 0 || streams.withLock({ !$0.isEmpty }), clock.now < deadline {
            try? await Task.sleep(for: .milliseconds(10))
            for loop in running { loop.post(.closeIdle) }
        }
        for stream in streams.withLock({ Array($0.values) }) { stream.cancel() }
        for loop in running {
            loop.post(.closeAll)
            loop.post(.stop)
        }
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                for loop in running { loop.join() }
                done.resume()
            }
        }
        loops.withLock { $0 = [] }
        log.sink.flush()
    }

    /// Has every loop check its connections' deadlines now (at the end of its current turn), and
    /// returns when all have: with a manual `DeadlineClock`, the only time they are checked.
    func checkDeadlines() async {
        for loop in loops.withLock({ $0 }) {
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                loop.post(.checkDeadlines { done.resume() })
            }
        }
    }

    /// What the connections of every loop are doing now.
    func census() async -> ConnectionCensus {
        var total = ConnectionCensus()
        for loop in loops.withLock({ $0 }) {
            total.add(await withCheckedContinuation { (census: CheckedContinuation<ConnectionCensus, Never>) in
                loop.post(.census { census.resume(returning: $0) })
            })
        }
        return total
    }

    // MARK: Connections

    /// Serves a socket connected elsewhere, on the first loop.
    func serve(connected descriptor: Int32, remote: String) {
        let flags = fcntl(descriptor, F_GETFL)
        _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
        loops.withLock { $0.first }?.post(.adopt(descriptor, remote))
    }

    /// The state of an accepted connection, or nil when its address is at its connection limit
    /// (the socket is then closed without an answer, so that slow connections from one client
    /// cannot hold the places every other client needs). A connection past the overall limit is
    /// taken, and answered 503.
    func admit(remote: String) -> ConnectionState? {
        var limits = configuration.limits
        // A trusted proxy carries many clients' connections: only the overall limit applies to it.
        if configuration.trustedProxies.trusts(remote) { limits.maxConnectionsPerClient = limits.maxConnections }
        let isAdmin = responder.configuration.adminNetworks.contains(remote)
        let taken = connections.withLock { $0.take(remote, limits: limits) }
        guard let rejection = taken else {
            metrics.connectionRejected()
            return nil
        }
        if rejection == nil { metrics.connectionOpened() } else { metrics.connectionRejected() }
        return ConnectionState(remote: remote, rejection: rejection, peerIsAdmin: isAdmin)
    }

    func closed(_ state: ConnectionState) {
        if state.rejection == nil { metrics.connectionClosed() }
        connections.withLock { $0.remove(state) }
    }

    func streamOpened(_ stream: ResponseStream) {
        streams.withLock { $0[ObjectIdentifier(stream)] = stream }
    }

    /// The streamed bodies being sent now.
    var openStreams: [ResponseStream] { streams.withLock { Array($0.values) } }

    func streamClosed(_ stream: ResponseStream) {
        streams.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(stream)) }
    }

    /// A request is done (answered, or its connection gone): the metrics and the access log.
    func finished(_ exchange: LoopExchange, completed: Bool, state: ConnectionState) {
        let duration = Double(Timestamp.monotonicNanoseconds() - exchange.started) / 1e9
        let status = exchange.status == 0 ? 400 : exchange.status
        metrics.requestFinished(series: exchange.request?.series, status: status, duration: duration)
        guard accessLog.format != .off else { return }
        let request = exchange.request
        let headers = request?.headers ?? HTTPHeaders()
        accessLog.record(Exchange(
            id: request?.id ?? "-", remote: request?.remoteAddress ?? state.remote,
            method: exchange.method.isEmpty ? "-" : exchange.method, target: exchange.target,
            version: exchange.version, template: request?.template, status: status, bytes: exchange.bytes, duration: duration,
            userAgent: headers["User-Agent"], referer: accessLog.format == .combined ? headers["Referer"] : nil,
            completed: completed))
    }
}
