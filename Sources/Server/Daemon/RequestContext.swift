import Synchronization

/// The state of one request on one connection, from its request line to its completion.
///
/// libmicrohttpd calls the access handler several times per request; `phase` says which call
/// this is. The context is created by the URI log callback (which sees the raw target), handed to
/// libmicrohttpd as `con_cls`, and released by the completion callback.
final class RequestContext: @unchecked Sendable {
    enum Phase {
        /// Headers just arrived: validate, then wait for the body (queueing now would close the connection).
        case new
        /// Reading the body, if any.
        case receiving
        /// Suspended while the async handler runs.
        case waiting
        /// The response is queued.
        case answered
    }

    /// How a suspended request ends: by its handler, or by shutdown, whichever comes first.
    enum Resolution {
        case pending
        case resolved(WireResponse)
        case taken
    }

    // Touched only from the libmicrohttpd thread that owns the connection at the time.
    var phase = Phase.new
    let target: String
    let started: UInt64
    var method = ""
    var version = ""
    var body: [UInt8] = []
    var declaredLength: Int?
    /// Body bytes read and dropped because the request is refused anyway.
    var dropped = 0
    /// An error to answer instead of routing (a limit, an undecodable target).
    var early: HTTPError?
    /// Whether `early` is answered on the head's own call, before libmicrohttpd reads a body or
    /// sends `100 Continue`: for faulty framing, a head past the limits, or a client that waits.
    var answerAtOnce = false
    /// Whether the connection closes after this response (the request sent both framings).
    var closeAfter = false
    var request: Request?
    var status = 0
    var bytesSent = 0
    /// The kept response queued for this request, handed back on completion.
    var lease: ResponseReuse.Lease?
    /// The streamed body being sent for this request.
    var stream: ResponseStream?

    // Crosses from the handler's task to the libmicrohttpd thread.
    let resolution = Mutex(Resolution.pending)
    /// The async handler's task, cancelled when the client goes away while it runs.
    let task = Mutex<Task<Void, Never>?>(nil)

    init(target: String, early: HTTPError? = nil) {
        self.target = target
        self.early = early
        started = Timestamp.monotonicNanoseconds()
    }

    /// Stores the handler's response; false if shutdown already answered for it.
    func resolve(_ response: WireResponse) -> Bool {
        resolution.withLock { state in
            guard case .pending = state else { return false }
            state = .resolved(response)
            return true
        }
    }

    /// Takes the stored response, once.
    func take() -> WireResponse? {
        resolution.withLock { state in
            guard case .resolved(let response) = state else { return nil }
            state = .taken
            return response
        }
    }
}

/// What the server knows about one client connection.
final class ConnectionState: Sendable {
    let remote: String
    /// Nil when admitted; otherwise the limit it exceeded, answered on its first request.
    let rejection: HTTPError?
    /// The connection's socket, which the head deadline shuts down.
    let descriptor: Int32
    /// Since when (monotonic nanoseconds) the connection waits for a request head; 0 while a
    /// request is being handled.
    let awaitingSince: Atomic<UInt64>
    /// When the awaited head began to arrive, as far as the deadline's sweep knows; 0 if not yet.
    let headStarted: Atomic<UInt64>
    /// Set once the head deadline has cut the connection.
    let timedOut = Atomic<Bool>(false)
    /// Whether the peer is in the admin networks: decided once, for each of its requests whose
    /// client is the peer itself.
    let peerIsAdmin: Bool

    /// A connection just accepted: its first head is timed from now, as nginx times it.
    init(remote: String, rejection: HTTPError?, descriptor: Int32, peerIsAdmin: Bool, now: UInt64 = Timestamp.monotonicNanoseconds()) {
        self.remote = remote
        self.peerIsAdmin = peerIsAdmin
        self.rejection = rejection
        self.descriptor = descriptor
        awaitingSince = Atomic(now)
        headStarted = Atomic(now)
    }

    /// A request head is complete: the deadline stops watching until the request is done.
    func headArrived() {
        awaitingSince.store(0, ordering: .relaxed)
    }

    /// A request is done: the next head's deadline starts with its first byte.
    func requestDone(now: UInt64 = Timestamp.monotonicNanoseconds()) {
        headStarted.store(0, ordering: .relaxed)
        // Released after the reset, so a sweep that sees the new wait also sees no head started.
        awaitingSince.store(now, ordering: .releasing)
    }
}
