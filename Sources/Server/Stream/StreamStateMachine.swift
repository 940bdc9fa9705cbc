/// The life of one streamed body between the task (or feed) that produces it and the connection
/// that sends it, without any I/O: each mutating method says what the caller must do next.
///
/// Bytes are buffered up to `limit`; a writer that finds the buffer at the limit waits until the
/// reader has taken enough. A reader that finds the buffer empty parks (the connection stops
/// asking) and is woken by the next write, by the end, or by cancellation. At most `limit`
/// bytes plus one write are ever buffered.
struct StreamStateMachine<Waiter> {
    enum Phase: Equatable {
        /// The producer may still write.
        case producing
        /// The producer returned: what is buffered is sent, then the body ends.
        case finished
        /// The producer threw: what is buffered is sent, then the connection is cut.
        case failed
        /// The client went away or the server stops: nothing more is sent.
        case cancelled
    }

    /// What a writer does after offering bytes.
    enum WriteAction {
        /// The bytes are buffered; wake the reader if it is parked.
        case buffered(wakeReader: Bool)
        /// Nothing more can be written.
        case cancelled
    }

    /// What a writer that asked for room does.
    enum RoomAction {
        /// Go on (with an error when the stream was cancelled).
        case proceed(Result<Void, CancellationError>)
        /// The waiter is stored and will be handed back by `read` or `cancel`.
        case wait
    }

    /// What the reader sends.
    enum ReadAction {
        /// Bytes to send; `writers` now have room and must be resumed.
        case bytes([UInt8], writers: [Waiter])
        /// Nothing to send yet: the reader is parked until `wakeReader` comes back true.
        case park
        /// The body is complete.
        case end
        /// The body cannot be completed; cut the connection.
        case error
    }

    /// What `cancel` leaves to do.
    struct CancelAction {
        /// Whether the reader was parked and must be woken.
        var wakeReader: Bool
        /// Writers waiting for room, to be failed.
        var writers: [Waiter]
    }

    let limit: Int
    private(set) var phase = Phase.producing
    private var buffer: [UInt8] = []
    private var readIndex = 0
    private var writers: [Waiter] = []
    /// Whether the reader found nothing and is waiting to be woken.
    private(set) var readerParked = false
    /// Bytes handed to the reader so far.
    private(set) var sent = 0

    init(limit: Int) {
        self.limit = max(limit, 1)
    }

    /// Bytes written and not yet taken by the reader.
    var buffered: Int { buffer.count - readIndex }

    /// Offers bytes from the producer.
    mutating func write(_ bytes: [UInt8]) -> WriteAction {
        guard phase == .producing else { return .cancelled }
        guard !bytes.isEmpty else { return .buffered(wakeReader: false) }
        if readIndex > 0, readIndex >= buffer.count / 2 {
            buffer.removeFirst(readIndex)
            readIndex = 0
        }
        buffer.append(contentsOf: bytes)
        return .buffered(wakeReader: takeParkedReader())
    }

    /// Whether a write of any size may go ahead now.
    var hasRoom: Bool { buffered < limit }

    /// Asks for room before writing; stores the waiter when the buffer is full.
    mutating func waitForRoom(_ waiter: Waiter) -> RoomAction {
        switch phase {
        case .producing:
            if hasRoom { return .proceed(.success(())) }
            writers.append(waiter)
            return .wait
        case .finished, .failed, .cancelled:
            return .proceed(.failure(CancellationError()))
        }
    }

    /// Takes up to `max` bytes for the reader, or parks it.
    mutating func read(max: Int) -> ReadAction {
        if phase == .cancelled { return .error }
        if buffered > 0 {
            let end = readIndex + min(max, buffered)
            let chunk = Array(buffer[readIndex..<end])
            readIndex = end
            sent += chunk.count
            if readIndex == buffer.count {
                buffer.removeAll(keepingCapacity: true)
                readIndex = 0
            }
            var resumed: [Waiter] = []
            if hasRoom { swap(&resumed, &writers) }
            return .bytes(chunk, writers: resumed)
        }
        switch phase {
        case .producing:
            readerParked = true
            return .park
        case .finished: return .end
        case .failed, .cancelled: return .error
        }
    }

    /// The producer is done, by returning (`failed: false`) or by throwing.
    mutating func finish(failed: Bool) -> Bool {
        guard phase == .producing else { return false }
        phase = failed ? .failed : .finished
        return takeParkedReader()
    }

    /// The client went away or the server stops.
    mutating func cancel() -> CancelAction {
        guard phase == .producing || phase == .finished || phase == .failed else {
            return CancelAction(wakeReader: false, writers: [])
        }
        phase = .cancelled
        buffer = []
        readIndex = 0
        var failed: [Waiter] = []
        swap(&failed, &writers)
        return CancelAction(wakeReader: takeParkedReader(), writers: failed)
    }

    private mutating func takeParkedReader() -> Bool {
        defer { readerParked = false }
        return readerParked
    }
}
