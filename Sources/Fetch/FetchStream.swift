/// A response whose body arrives as it is sent: the head now, the body chunk by chunk.
///
/// Dropping the stream (and every iterator of its body) or calling `cancel()` ends the transfer.
public final class FetchStream: Sendable {
    /// The status and headers; its `body` is empty.
    public let head: FetchResponse
    private let channel: BodyChannel

    init(head: FetchResponse, channel: BodyChannel) {
        self.head = head
        self.channel = channel
    }

    deinit {
        channel.cancel()
    }

    /// The body's chunks in order; the sequence ends with the body and throws `FetchError` when
    /// the transfer fails. It has one reader.
    public var body: FetchBody { FetchBody(stream: self) }

    /// Ends the transfer now; unread chunks are dropped and the reader gets `cancelled`.
    public func cancel() {
        channel.cancel()
    }

    fileprivate func next() async throws(FetchError) -> [UInt8]? {
        try await channel.next()
    }
}

/// A streamed response's body, chunk by chunk, as libcurl receives it.
public struct FetchBody: AsyncSequence, Sendable {
    public typealias Element = [UInt8]
    public typealias Failure = FetchError

    fileprivate let stream: FetchStream

    /// Reads the body; the iterator keeps the transfer alive.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(stream: stream)
    }

    /// Reads the next chunk, waiting for it.
    public struct AsyncIterator: AsyncIteratorProtocol {
        fileprivate let stream: FetchStream

        /// The next chunk, or nil once the whole body was read.
        public mutating func next() async throws(FetchError) -> [UInt8]? {
            try await stream.next()
        }

        /// The next chunk, or nil once the whole body was read.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(FetchError) -> [UInt8]? {
            try await stream.next()
        }
    }
}
