import HTTPTesting
import Testing
@testable import Server

/// What goes on the wire for an event, and which `Accept` headers ask for events.
@Suite("Server-Sent Events framing and negotiation")
struct EventStreamTests {
    @Test("an event's data is split into one data line per line, CRLF and CR included")
    func framing() {
        let frame = String(decoding: EventStream.frame(event: "place", data: "a\nb\r\nc\rd", id: "7"), as: UTF8.self)
        #expect(frame == "event: place\nid: 7\ndata: a\ndata: b\ndata: c\ndata: d\n\n")
        #expect(String(decoding: EventStream.frame(event: nil, data: "", id: nil), as: UTF8.self) == "data: \n\n")
        // A line break in the name cannot start a field of its own.
        #expect(String(decoding: EventStream.frame(event: "a\nid: 9", data: "x", id: nil), as: UTF8.self) == "event: a id: 9\ndata: x\n\n")
        #expect(String(decoding: EventStream.comment("keep-alive"), as: UTF8.self) == ": keep-alive\n\n")
    }

    @Test("what the framing sends, a client parses back", arguments: ["", "one", "two\nlines", "{\"stage\":\"weather\"}\n\n", "é ü 🚆"])
    func roundTrip(data: String) {
        let bytes = EventStream.frame(event: "done", data: data, id: nil)
        #expect(ServerSentEvents(bytes).events == [ReceivedEvent(name: "done", data: data)])
    }

    @Test("Accept decides whether events are wanted", arguments: [
        ("text/event-stream", true),
        ("Text/Event-Stream; q=0.5", true),
        ("text/event-stream;q=0", false),
        ("*/*", false),
        ("text/*", false),
        ("application/json, text/event-stream;q=0.5", false),
        ("application/json;q=0.5, text/event-stream", true),
        ("text/event-stream, application/xml", true),
    ])
    func accept(header: String, wanted: Bool) {
        #expect(Negotiation.acceptsEventStream(header) == wanted)
    }

    @Test("no Accept header means no events")
    func noAccept() {
        #expect(!Negotiation.acceptsEventStream(nil))
        #expect(!Request(id: "1", method: "GET", target: "/").acceptsEventStream)
        #expect(Request(id: "1", method: "GET", target: "/", headers: [("Accept", "text/event-stream")]).acceptsEventStream)
    }
}
