import HTTPTesting
import Testing
@testable import Server

/// The buffer between a stream's producer and its connection, without I/O.
@Suite("Stream state machine")
struct StreamStateMachineTests {
    typealias Machine = StreamStateMachine<Int>

    @Test("a reader that finds nothing parks, and the next write wakes it")
    func parkAndWake() {
        var machine = Machine(limit: 10)
        guard case .park = machine.read(max: 100) else { Issue.record("expected park"); return }
        #expect(machine.readerParked)
        guard case .buffered(wakeReader: true) = machine.write([1, 2, 3]) else { Issue.record("expected wake"); return }
        #expect(!machine.readerParked)
        guard case .bytes(let bytes, let writers) = machine.read(max: 2) else { Issue.record("expected bytes"); return }
        #expect(bytes == [1, 2])
        #expect(writers.isEmpty)
        guard case .bytes([3], _) = machine.read(max: 2) else { Issue.record("expected the rest"); return }
        #expect(machine.sent == 3)
    }

    @Test("a writer waits at the limit and the read that makes room hands it back")
    func backpressure() {
        var machine = Machine(limit: 4)
        _ = machine.write([1, 2, 3, 4])
        #expect(!machine.hasRoom)
        guard case .wait = machine.waitForRoom(7) else { Issue.record("expected wait"); return }
        guard case .bytes(_, let writers) = machine.read(max: 1) else { Issue.record("expected bytes"); return }
        #expect(writers == [7])
        guard case .proceed(.success) = machine.waitForRoom(8) else { Issue.record("expected room"); return }
    }

    @Test("finishing sends what is buffered, then ends; a parked reader is woken")
    func finish() {
        var machine = Machine(limit: 4)
        _ = machine.read(max: 1)
        _ = machine.write([1])
        let woke = machine.finish(failed: false)
        #expect(!woke)
        guard case .bytes([1], _) = machine.read(max: 8) else { Issue.record("expected bytes"); return }
        guard case .end = machine.read(max: 8) else { Issue.record("expected end"); return }

        var parked = Machine(limit: 4)
        _ = parked.read(max: 1)
        let wokeParked = parked.finish(failed: true)
        #expect(wokeParked)
        guard case .error = parked.read(max: 8) else { Issue.record("expected error"); return }
    }

    @Test("cancelling drops the buffer, fails waiting writers, wakes the reader and refuses writes")
    func cancel() {
        var machine = Machine(limit: 2)
        _ = machine.write([1, 2])
        _ = machine.waitForRoom(5)
        let action = machine.cancel()
        #expect(action.writers == [5])
        #expect(!action.wakeReader)
        guard case .error = machine.read(max: 8) else { Issue.record("expected error"); return }
        guard case .cancelled = machine.write([3]) else { Issue.record("expected refusal"); return }
        guard case .proceed(.failure) = machine.waitForRoom(6) else { Issue.record("expected failure"); return }
        let again = machine.cancel()
        #expect(again.writers.isEmpty)
    }
}

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

@Suite("Streamed responses in memory")
struct StreamInMemoryTests {
    @Test("the responder finalizes a stream without ETag or gzip and its body can be collected")
    func collect() async throws {
        let route = Route.get("/events", summary: "Three events.") { _ in
            .eventStream(heartbeat: nil) { events in
                for index in 1...3 { try await events.send(event: "progress", data: "\(index)") }
                try await events.send(event: "done", data: String(repeating: "x", count: 40_000))
            }
        }
        let responder = try Responder(routes: [route], configuration: ServerConfiguration(), log: ServerLog(sink: LogSink()))
        let response = await responder.respond(to: Request(
            id: "1", method: "GET", target: "/events", headers: [("Accept", "text/event-stream"), ("Accept-Encoding", "gzip")]))
        #expect(response.status == 200)
        #expect(response.headers["ETag"] == nil)
        #expect(response.headers["Content-Encoding"] == nil)
        #expect(response.headers["Cache-Control"] == "no-store")
        #expect(response.headers["Content-Type"] == "text/event-stream; charset=utf-8")
        let events = ServerSentEvents(await response.collectBody()).events
        #expect(events.map(\.name) == ["progress", "progress", "progress", "done"])
        #expect(events.last?.data.count == 40_000)
    }

    @Test("a producer that throws ends the body after what it wrote")
    func failingProducer() async throws {
        struct Broken: Error {}
        let stream = ResponseStream(StreamBody(bufferLimit: 8) { writer in
            try await writer.write("partial")
            throw Broken()
        })
        #expect(await stream.collect() == Array("partial".utf8))
    }
}
