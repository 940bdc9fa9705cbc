/// Server-Sent Events over a streamed body: framing of `event:`, `id:`, `data:` and `retry:` fields
/// and comment lines (https://html.spec.whatwg.org/multipage/server-sent-events.html).
///
/// ```swift
/// Route.get("/api/weather/route", summary: "Weather along a route") { request in
///     guard request.acceptsEventStream else { return .document(try await build(request), for: request, cache: .noStore) }
///     return .eventStream { events in
///         try await events.send(event: "progress", data: #"{"stage":"weather","done":1,"total":87}"#)
///         try await events.send(event: "done", data: document)
///     }
/// }
/// ```
public struct EventStream: Sendable {
    let writer: ResponseBodyWriter

    /// Creates an event stream over a body writer.
    public init(writer: ResponseBodyWriter) {
        self.writer = writer
    }

    /// Sends one event; `data` is split into one `data:` line per line it holds.
    ///
    /// - Throws: `CancellationError` when the client went away or the server stops.
    public func send(event: String? = nil, data: String, id: String? = nil) async throws {
        try await writer.write(Self.frame(event: event, data: data, id: id))
    }

    /// Tells the client how long to wait before reconnecting.
    public func send(retry: Duration) async throws {
        let milliseconds = retry.components.seconds * 1000 + retry.components.attoseconds / 1_000_000_000_000_000
        try await writer.write(Array("retry: \(max(milliseconds, 0))\n\n".utf8))
    }

    /// Sends a comment line, which clients ignore and proxies see as traffic.
    public func comment(_ text: String) async throws {
        try await writer.write(Self.comment(text))
    }

    /// Whether nothing more will be sent (the client went away or the server stops).
    public var isCancelled: Bool { writer.isCancelled }

    /// The bytes of one event.
    static func frame(event: String?, data: String, id: String?) -> [UInt8] {
        var frame = ""
        if let event { frame += "event: \(singleLine(event))\n" }
        if let id { frame += "id: \(singleLine(id).replacingZero())\n" }
        for line in lines(data) { frame += "data: \(line)\n" }
        frame += "\n"
        return Array(frame.utf8)
    }

    /// The bytes of one comment (every line of `text` starts with `:`), ended by a blank line.
    static func comment(_ text: String) -> [UInt8] {
        Array((lines(text).map { $0.isEmpty ? ":" : ": \($0)" }.joined(separator: "\n") + "\n\n").utf8)
    }

    /// The lines of `text` split at CRLF, CR or LF, as the client will split them again.
    static func lines(_ text: String) -> [Substring] {
        var lines: [Substring] = []
        var start = text.startIndex
        var index = start
        while index < text.endIndex {
            // "\r\n" is one Character in Swift, so this sees each line break once.
            if text[index] == "\n" || text[index] == "\r" || text[index] == "\r\n" {
                lines.append(text[start..<index])
                start = text.index(after: index)
            }
            index = text.index(after: index)
        }
        lines.append(text[start...])
        return lines
    }

    /// A field value that cannot end the field early.
    private static func singleLine(_ value: String) -> String {
        String(value.map { $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 })
    }

    /// Writes heartbeats while the producer is quiet, until cancelled.
    func beat(every interval: Duration, comment: String) async {
        let intervalNanoseconds = UInt64(interval.components.seconds) * 1_000_000_000
            + UInt64(interval.components.attoseconds / 1_000_000_000)
        let beat = Self.comment(comment)
        var wait = intervalNanoseconds
        while !Task.isCancelled {
            do { try await Task.sleep(for: .nanoseconds(Int64(wait))) } catch { return }
            let idle = writer.stream.idleNanoseconds
            if idle >= intervalNanoseconds {
                _ = writer.stream.writeIfRoom(beat)
                wait = intervalNanoseconds
            } else {
                wait = intervalNanoseconds - idle
            }
        }
    }
}

extension String {
    /// An `id` with a NUL makes clients ignore the field (WHATWG §9.2.6).
    fileprivate func replacingZero() -> String {
        String(unicodeScalars.map { $0 == "\0" ? " " : Character($0) })
    }
}
