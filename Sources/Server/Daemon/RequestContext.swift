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

    init(remote: String, rejection: HTTPError?) {
        self.remote = remote
        self.rejection = rejection
    }
}
