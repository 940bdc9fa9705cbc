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
