/// Reads a Server-Sent Events stream as it arrives, one complete event at a time
/// (https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation).
struct GetEventReader {
    /// One event: its name ("message" when none was given) and its data lines joined by line feeds.
    struct Event: Equatable {
        var name: String
        var data: String
    }

    private var pending: [UInt8] = []
    private var name = ""
    private var data: [String] = []

    /// Adds bytes and returns the events they complete.
    mutating func feed(_ bytes: [UInt8]) -> [Event] {
        pending += bytes
        var events: [Event] = []
        var start = 0
        var index = 0
        while index < pending.count {
            let byte = pending[index]
            guard byte == 0x0A || byte == 0x0D else {
                index += 1
                continue
            }
            // A CR at the end may be the first half of a CRLF still on its way.
            if byte == 0x0D, index + 1 == pending.count { break }
            let line = String(decoding: pending[start..<index], as: UTF8.self)
            index += byte == 0x0D && pending[index + 1] == 0x0A ? 2 : 1
            start = index
            if let event = take(line) { events.append(event) }
        }
        pending.removeFirst(start)
        return events
    }

    private mutating func take(_ line: String) -> Event? {
        if line.isEmpty {
            defer {
                name = ""
                data = []
            }
            return data.isEmpty ? nil : Event(name: name.isEmpty ? "message" : name, data: data.joined(separator: "\n"))
        }
        if line.hasPrefix(":") { return nil }
        let field = line.prefix { $0 != ":" }
        var value = line.dropFirst(field.count)
        if value.hasPrefix(":") { value = value.dropFirst() }
        if value.hasPrefix(" ") { value = value.dropFirst() }
        switch field {
        case "event": name = String(value)
        case "data": data.append(String(value))
        default: break
        }
        return nil
    }
}
