extension Response {
    /// The media type of Server-Sent Events.
    public static let eventStreamContentType = "text/event-stream; charset=utf-8"

    /// A streamed response of Server-Sent Events, with a comment heartbeat while the producer is quiet.
    ///
    /// - Parameters:
    ///   - heartbeat: How long the stream may stay silent before `: keep-alive` goes out, so that
    ///     proxies and clients do not time it out; nil for none.
    ///   - bufferLimit: Unsent bytes above which sending an event waits for the client.
    ///   - produce: Sends the events; returning ends the stream.
    public static func eventStream(
        status: Int = 200, heartbeat: Duration? = .seconds(15), bufferLimit: Int = StreamBody.defaultBufferLimit,
        _ produce: @escaping @Sendable (EventStream) async throws -> Void
    ) -> Response {
        let body = StreamBody(bufferLimit: bufferLimit) { writer in
            let events = EventStream(writer: writer)
            guard let heartbeat else { return try await produce(events) }
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await events.beat(every: heartbeat, comment: "keep-alive") }
                defer { group.cancelAll() }
                try await produce(events)
            }
        }
        // Negotiated: the same URL answers a document to clients that do not ask for events.
        return Response(
            status: status, headers: HTTPHeaders(contentType: eventStreamContentType), body: .stream(body),
            cache: .noStore, negotiated: true)
    }
}

extension Response {
    /// A streamed response of Server-Sent Events fed from outside, with no task of its own: `open`
    /// gets the stream's `EventFeed` when the head is queued, and whoever keeps it sends events
    /// to it. This is how many subscribers of one source stay cheap. A feed has no heartbeat of
    /// its own.
    public static func eventFeed(
        status: Int = 200, bufferLimit: Int = StreamBody.defaultBufferLimit, _ open: @escaping @Sendable (EventFeed) -> Void
    ) -> Response {
        let body = StreamBody(bufferLimit: bufferLimit) { feed in open(EventFeed(feed: feed)) }
        return Response(
            status: status, headers: HTTPHeaders(contentType: eventStreamContentType), body: .stream(body),
            cache: .noStore, negotiated: true)
    }
}

/// Server-Sent Events sent to a fed stream (`Response.eventFeed`), from any thread, never waiting.
public struct EventFeed: Sendable {
    public let feed: StreamFeed

    /// Sends one event if it fits the buffer now; false when the buffer is full or the stream ended.
    @discardableResult
    public func send(event: String? = nil, data: String, id: String? = nil) -> Bool {
        feed.send(EventStream.frame(event: event, data: data, id: id))
    }

    /// Sends a comment line if it fits the buffer now.
    @discardableResult
    public func comment(_ text: String) -> Bool {
        feed.send(EventStream.comment(text))
    }

    /// Ends the stream after what was sent.
    public func finish() { feed.finish() }

    /// Whether nothing more will be sent (the client went away or the server stops).
    public var isCancelled: Bool { feed.isCancelled }

    /// Runs `handler` once when the stream is cancelled before `finish()` (at once if it already was).
    public func onCancel(_ handler: @escaping @Sendable () -> Void) { feed.onCancel(handler) }
}
