import HTTPTesting
import Testing
@testable import Server

/// Streamed bodies through the responder alone, as the in-memory test client sees them.
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
