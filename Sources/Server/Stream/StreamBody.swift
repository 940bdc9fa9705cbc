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
public struct StreamBody: Sendable {
    /// Writes the body; runs once per response.
    public typealias Producer = @Sendable (ResponseBodyWriter) async throws -> Void

    /// The default bound on buffered, unsent bytes.
    public static let defaultBufferLimit = 64 * 1024

    /// Unsent bytes above which a write waits for the client.
    public let bufferLimit: Int
    let produce: Producer

    /// Creates a streamed body from its producer.
    public init(bufferLimit: Int = StreamBody.defaultBufferLimit, _ produce: @escaping Producer) {
        self.bufferLimit = bufferLimit
        self.produce = produce
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
