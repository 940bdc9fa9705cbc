/// A response body produced while it is sent: the producer writes, the server sends.
///
/// ```swift
/// Response(headers: HTTPHeaders(contentType: "text/plain"), body: .stream(StreamBody { writer in
///     for line in lines { try await writer.write(line) }
/// }))
/// ```
///
/// The producer starts when the response head is queued and runs in its own task. A write waits
/// while `bufferLimit` bytes are buffered and unsent, so a slow client slows the producer instead of
/// growing the buffer. When the client goes away or the server stops, the task is cancelled and
/// writes throw `CancellationError`. Returning ends the body; throwing cuts the connection after what
/// was written, so that the client sees an incomplete response rather than a complete one.
/// Streamed bodies get no `ETag`, no gzip and `Cache-Control: no-store`.
///
/// A body can also be fed from outside, with no task of its own (`StreamBody(feeding:)`): its
/// owner keeps the `StreamFeed` it is handed and sends to it whenever it has something, as one
/// publisher does for many subscribers. A feed never waits: what does not fit the buffer is
/// refused, and the owner decides whether to drop it or end the stream.
public struct StreamBody: Sendable {
    /// Writes the body; runs once per response.
    public typealias Producer = @Sendable (ResponseBodyWriter) async throws -> Void
    /// Receives the feed of a body fed from outside, once per response, when its head is queued.
    public typealias Opener = @Sendable (StreamFeed) -> Void

    enum Source: Sendable {
        case producer(Producer)
        case feed(Opener)
    }

    /// The default bound on buffered, unsent bytes.
    public static let defaultBufferLimit = 64 * 1024

    /// Unsent bytes above which a write waits for the client (a feed's send is refused).
    public let bufferLimit: Int
    let source: Source

    /// Creates a streamed body from its producer.
    public init(bufferLimit: Int = StreamBody.defaultBufferLimit, _ produce: @escaping Producer) {
        self.bufferLimit = bufferLimit
        source = .producer(produce)
    }

    /// Creates a streamed body fed from outside: `open` gets its feed when the head is queued.
    public init(bufferLimit: Int = StreamBody.defaultBufferLimit, feeding open: @escaping Opener) {
        self.bufferLimit = bufferLimit
        source = .feed(open)
    }
}

/// What the owner of a body fed from outside sends to; any thread may use it.
public struct StreamFeed: Sendable {
    let stream: ResponseStream

    /// Buffers bytes for sending if they fit now. False when the buffer is full (the client reads
    /// slower than the feed sends) or the stream has ended.
    @discardableResult
    public func send(_ bytes: [UInt8]) -> Bool {
        stream.writeIfRoom(bytes)
    }

    /// Ends the body after what was sent.
    public func finish() {
        stream.finish(failed: false)
    }

    /// Whether nothing more will be sent (the client went away or the server stops).
    public var isCancelled: Bool { stream.isCancelled }

    /// Runs `handler` once when the stream is cancelled (the client went away or the server
    /// stops) before `finish()`; at once if it already was.
    public func onCancel(_ handler: @escaping @Sendable () -> Void) {
        stream.onCancel(handler)
    }
}

/// What a stream producer writes to.
public struct ResponseBodyWriter: Sendable {
    let stream: ResponseStream

    /// Buffers bytes for sending, first waiting while the buffer is at its limit.
    ///
    /// - Throws: `CancellationError` when the client went away or the server stops.
    public func write(_ bytes: [UInt8]) async throws {
        try await stream.write(bytes)
    }

    /// Buffers the UTF-8 bytes of a string; see `write(_:)`.
    public func write(_ text: String) async throws {
        try await stream.write(Array(text.utf8))
    }

    /// Bytes written and not yet handed to the connection.
    public var bufferedByteCount: Int { stream.bufferedByteCount }

    /// Whether nothing more will be sent (the client went away or the server stops).
    public var isCancelled: Bool { stream.isCancelled }
}
