extension Negotiation {
    /// Whether an `Accept` header asks for Server-Sent Events.
    ///
    /// Only an explicit `text/event-stream` with a non-zero weight counts (`*/*` and `text/*` are
    /// what browsers send for everything), and it must weigh at least as much as any explicit XML
    /// or JSON range, so `Accept: application/json, text/event-stream;q=0.5` still gets a document.
    public static func acceptsEventStream(_ accept: String?) -> Bool {
        guard let accept else { return false }
        var events = 0
        var documents = 0
        WeightedList.forEach(accept) { range, weight in
            guard let weight else { return }
            if WeightedList.equals(range, "text/event-stream") {
                events = max(events, weight)
            } else if WeightedList.equals(range, "application/xml") || WeightedList.equals(range, "text/xml")
                || WeightedList.equals(range, "application/json")
            {
                documents = max(documents, weight)
            }
        }
        return events > 0 && events >= documents
    }
}

extension Request {
    /// Whether the client asked for Server-Sent Events (`Accept: text/event-stream`).
    public var acceptsEventStream: Bool { Negotiation.acceptsEventStream(headers["Accept"]) }
}
