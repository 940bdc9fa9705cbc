import Synchronization

/// One streamed body in flight: the buffer between its producer task and the connection.
///
/// The connection reads it while its socket takes bytes. When nothing is buffered the reader
/// parks, and the next write, the end or a cancellation wakes it through its `StreamPort`. Parking
/// and waking happen under the stream's lock, so a wake can never overtake the park it answers.
public final class ResponseStream: Sendable {
    typealias Waiter = CheckedContinuation<Void, any Error>

    private struct Inner {
        var machine: StreamStateMachine<Waiter>
        var port: StreamPort?
    }

    let body: StreamBody
    private let inner: Mutex<Inner>
    private let producer = Mutex<Task<Void, Never>?>(nil)
    /// What a fed body's owner asked to run when the stream is cancelled.
    private let cancelHandlers = Mutex<[@Sendable () -> Void]>([])
    private let lastWrite = Atomic<UInt64>(0)

    init(_ body: StreamBody) {
        self.body = body
        inner = Mutex(Inner(machine: StreamStateMachine(limit: body.bufferLimit), port: nil))
        lastWrite.store(Timestamp.monotonicNanoseconds(), ordering: .relaxed)
    }

    /// Bytes handed to the connection so far.
    public var sentByteCount: Int { inner.withLock { $0.machine.sent } }

    var bufferedByteCount: Int { inner.withLock { $0.machine.buffered } }

    var isCancelled: Bool { inner.withLock { $0.machine.phase == .cancelled } }

    /// The stream's state in one line (phase, buffered and sent bytes, whether the reader is
    /// parked), for telling a producer that never wrote from a reader never woken.
    var stateDescription: String {
        inner.withLock {
            "\($0.machine.phase), \($0.machine.buffered) bytes buffered, \($0.machine.sent) sent, reader \($0.machine.readerParked ? "parked" : "not parked")"
        }
    }

    /// Nanoseconds since the producer last wrote.
    var idleNanoseconds: UInt64 { Timestamp.monotonicNanoseconds() &- lastWrite.load(ordering: .relaxed) }

    // MARK: Producer side

    /// Starts the producer in its own task, unless the stream was cancelled first; a fed body
    /// gets its feed instead, and has no task.
    func start() -> Task<Void, Never>? {
        let produce: StreamBody.Producer
        switch body.source {
        case .feed(let open):
            open(StreamFeed(stream: self))
            return nil
        case .producer(let producer):
            produce = producer
        }
        let task = Task(priority: HTTPServer.requestPriority) { [self] in
            let writer = ResponseBodyWriter(stream: self)
            var failed = false
            do {
                try await withTaskCancellationHandler {
                    try await produce(writer)
                } onCancel: {
                    self.cancel()
                }
            } catch {
                failed = true
            }
            finish(failed: failed)
        }
        producer.withLock { $0 = task }
        if isCancelled { task.cancel() }
        return task
    }

    func write(_ bytes: [UInt8]) async throws {
        try await waitForRoom()
        let action = inner.withLock { inner in
            let action = inner.machine.write(bytes)
            if case .buffered(wakeReader: true) = action { inner.port?.wake() }
            return action
        }
        guard case .buffered = action else { throw CancellationError() }
        lastWrite.store(Timestamp.monotonicNanoseconds(), ordering: .relaxed)
    }

    /// Writes only if the buffer has room now; for heartbeats, which are pointless behind a full buffer.
    func writeIfRoom(_ bytes: [UInt8]) -> Bool {
        let written = inner.withLock { inner -> Bool in
            guard inner.machine.hasRoom, case .buffered(let wake) = inner.machine.write(bytes) else { return false }
            if wake { inner.port?.wake() }
            return true
        }
        if written { lastWrite.store(Timestamp.monotonicNanoseconds(), ordering: .relaxed) }
        return written
    }

    private func waitForRoom() async throws {
        if inner.withLock({ $0.machine.hasRoom && $0.machine.phase == .producing }) { return }
        try await withCheckedThrowingContinuation { (waiter: Waiter) in
            let action = inner.withLock { $0.machine.waitForRoom(waiter) }
            if case .proceed(let result) = action { waiter.resume(with: result) }
        }
    }

    func finish(failed: Bool) {
        inner.withLock { inner in
            if inner.machine.finish(failed: failed) { inner.port?.wake() }
        }
    }

    /// Stops the stream: pending and later writes throw, the reader cuts the connection, the producer is cancelled.
    func cancel() {
        let (action, wasProducing) = inner.withLock { inner in
            let wasProducing = inner.machine.phase == .producing
            let action = inner.machine.cancel()
            if action.wakeReader { inner.port?.wake() }
            return (action, wasProducing)
        }
        for writer in action.writers { writer.resume(throwing: CancellationError()) }
        // Taken out first: cancelling runs the task's handler, which calls back here.
        let task = producer.withLock { $0 }
        task?.cancel()
        let handlers = cancelHandlers.withLock { handlers in
            defer { handlers = [] }
            return handlers
        }
        if wasProducing { for handler in handlers { handler() } }
    }

    /// Runs `handler` when the stream is cancelled before its producer or owner ended it, or at
    /// once if it already was.
    func onCancel(_ handler: @escaping @Sendable () -> Void) {
        let now = cancelHandlers.withLock { handlers -> Bool? in
            switch inner.withLock({ $0.machine.phase }) {
            case .producing:
                handlers.append(handler)
                return nil
            case .cancelled: return true
            case .finished, .failed: return false
            }
        }
        if now == true { handler() }
    }

    // MARK: Connection side

    /// Connects the stream to the connection it is sent on.
    func attach(_ port: StreamPort) {
        inner.withLock { $0.port = port }
    }

    /// Fills the connection's buffer: a byte count, 0 after parking (a wake follows), -1 at the
    /// end, -2 to cut the connection.
    func read(into buffer: UnsafeMutableRawPointer, max: Int) -> Int {
        let action = inner.withLock { inner in
            inner.machine.read(max: max)
        }
        switch action {
        case .bytes(let chunk, let writers):
            chunk.withUnsafeBytes { buffer.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
            for writer in writers { writer.resume() }
            return chunk.count
        case .park: return 0
        case .end: return -1
        case .error: return -2
        }
    }
}

/// How a stream tells its parked reader that there is something to read (bytes, the end, or a
/// cancellation).
struct StreamPort: Sendable {
    let wake: @Sendable () -> Void
}
