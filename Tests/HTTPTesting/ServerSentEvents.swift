/// One Server-Sent Event as a client reads it.
public struct ReceivedEvent: Sendable, Equatable {
    /// The `event:` field, or "message" when there was none.
    public var name: String
    /// The `data:` lines joined with line feeds.
    public var data: String
    /// The `id:` field, if any.
    public var id: String?

    /// Creates an event.
    public init(name: String, data: String, id: String? = nil) {
        self.name = name
        self.data = data
        self.id = id
    }
}

/// Parses an event stream the way a browser's `EventSource` does (WHATWG HTML §9.2.6), for checking
/// what the server sent; comments are counted, not kept.
public struct ServerSentEvents: Sendable {
    /// The complete events so far.
    public private(set) var events: [ReceivedEvent] = []
    /// Comment lines so far (heartbeats).
    public private(set) var comments: [String] = []
    private var pending: [UInt8] = []
    private var current = ReceivedEvent(name: "", data: "")
    private var dataLines: [String] = []

    /// Creates an empty parser.
    public init() {}

    /// Parses a whole stream.
    public init(_ bytes: [UInt8]) {
        feed(bytes)
    }

    /// Adds received bytes; complete lines are parsed at once.
    public mutating func feed(_ bytes: [UInt8]) {
        pending += bytes
        while let end = pending.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) {
            // A CR at the very end may be the first half of a CRLF still on its way.
            if pending[end] == 0x0D, end + 1 == pending.count { break }
            let line = String(decoding: pending[..<end], as: UTF8.self)
            let skip = pending[end] == 0x0D && pending[end + 1] == 0x0A ? 2 : 1
            pending.removeFirst(end + skip)
            parse(line)
        }
    }

    private mutating func parse(_ line: String) {
        if line.isEmpty {
            if !dataLines.isEmpty {
                current.data = dataLines.joined(separator: "\n")
                if current.name.isEmpty { current.name = "message" }
                events.append(current)
            }
            current = ReceivedEvent(name: "", data: "")
            dataLines = []
            return
        }
        if line.hasPrefix(":") {
            comments.append(String(line.dropFirst().drop { $0 == " " }))
            return
        }
        let field = line.prefix { $0 != ":" }
        var value = line.dropFirst(field.count)
        if value.hasPrefix(":") { value = value.dropFirst() }
        if value.hasPrefix(" ") { value = value.dropFirst() }
        switch field {
        case "event": current.name = String(value)
        case "data": dataLines.append(String(value))
        case "id": current.id = String(value)
        default: break
        }
    }
}
