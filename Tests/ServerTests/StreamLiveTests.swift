import Foundation
import HTTPTesting
import Testing
@testable import Server

/// Streamed responses over a real socket: Server-Sent Events read by libcurl as they arrive.
@Suite("Live server: streamed responses", .serialized)
struct StreamLiveTests {
    static let sse = [("Accept", "text/event-stream")]

    /// How long a client waits for a stream, the raw exchange too (see `HTTPTestClient.streamPatience`):
    /// 30 s once cut a stream after its first event while the suite kept the pool busy.
    static let patience = HTTPTestClient.streamPatience

    /// A route that sends one event, waits for the test, then sends the rest.
    static func gatedRoute(_ gate: Gate, _ probe: ProducerProbe) -> Route {
        .get("/events", summary: "Events that wait for the client.") { request in
            guard request.acceptsEventStream else {
                return .document(.element("events", [.leaf("count", 3)]), for: request, cache: .noCache)
            }
            return .eventStream(heartbeat: nil) { events in
                try await events.send(event: "progress", data: #"{"stage":"weather","done":1,"total":3}"#, id: "1")
                await gate.wait()
                try await events.send(event: "place", data: "<place>\n<name>Bern</name>\n</place>", id: "2")
                try await events.send(event: "done", data: "<route/>", id: "3")
                probe.finished.open()
            }
        }
    }

    @Test("events arrive in order, and the first before the producer finishes")
    func firstEventBeforeTheEnd() async throws {
        let gate = Gate(), probe = ProducerProbe()
        try await LiveServer.with(routes: [Self.gatedRoute(gate, probe)]) { live in
            let url = live.base + "/events"
            let response: StreamedResponse
            do {
                response = try await offPool {
                    var parser = ServerSentEvents()
                    return try HTTPTestClient().stream(url, headers: Self.sse, timeout: Self.patience) { chunk in
                        parser.feed(chunk)
                        // The producer waits for this: the response cannot be complete before it.
                        if parser.events.count == 1, !gate.isOpen {
                            precondition(!probe.finished.isOpen)
                            gate.open()
                        }
                        return true
                    }
                }
            } catch {
                // Tells a producer that never ran (no bytes buffered) from a reader never woken (bytes buffered, reader parked).
                Issue.record("the server's streams: \(live.openStreams)")
                throw error
            }
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "text/event-stream; charset=utf-8")
            #expect(response.header("Cache-Control") == "no-store")
            #expect(response.header("ETag") == nil)
            #expect(response.header("Content-Encoding") == nil)
            #expect(response.header("Vary") == "Accept")
            let events = ServerSentEvents(response.body).events
            #expect(events == [
                ReceivedEvent(name: "progress", data: #"{"stage":"weather","done":1,"total":3}"#, id: "1"),
                ReceivedEvent(name: "place", data: "<place>\n<name>Bern</name>\n</place>", id: "2"),
                ReceivedEvent(name: "done", data: "<route/>", id: "3"),
            ])
            #expect(response.chunks.count >= 2)
        }
    }

    @Test("the body goes out in valid chunked framing, with gzip asked for and not used")
    func chunkedFraming() async throws {
        let gate = Gate(), probe = ProducerProbe()
        gate.open()
        try await LiveServer.with(routes: [Self.gatedRoute(gate, probe)]) { live in
            let request = "GET /events HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\nAccept-Encoding: gzip\r\n\r\n"
            let port = live.port
            let response = try await offPool { try RawHTTP.exchange(port: port, request: Array(request.utf8), timeout: Self.patience) }
            #expect(response.status == 200)
            #expect(response.header("Transfer-Encoding") == "chunked")
            #expect(response.header("Content-Length") == nil)
            #expect(response.header("Content-Encoding") == nil)
            #expect(ServerSentEvents(response.body).events.map(\.name) == ["progress", "place", "done"])
            // The last chunk is the zero-length one, right after the last event's blank line.
            #expect(String(decoding: response.raw, as: UTF8.self).hasSuffix("\n\n\r\n0\r\n\r\n"))
        }
    }

    @Test("the same URL without Accept: text/event-stream answers a document as before")
    func documentStaysADocument() async throws {
        let gate = Gate(), probe = ProducerProbe()
        try await LiveServer.with(routes: [Self.gatedRoute(gate, probe)] + TestRoutes.all) { live in
            let document = try await live.get("/events")
            #expect(document.status == 200)
            #expect(document.header("ETag") != nil)
            #expect(document.header("Cache-Control") == "no-cache")
            #expect(document.text.hasSuffix("<events><count>3</count></events>"))
            let big = try await live.get("/big", headers: [("Accept-Encoding", "gzip")])
            #expect(big.header("Content-Encoding") == "gzip")
            #expect(big.header("Transfer-Encoding") == nil)
        }
    }

    @Test("HEAD of a stream sends its head and never runs the producer")
    func headRunsNothing() async throws {
        let probe = ProducerProbe()
        let route = Route.get("/events", summary: "Counts runs.") { _ in
            .eventStream(heartbeat: nil) { events in
                probe.recordBuffered(0)
                try await events.send(data: "x")
            }
        }
        try await LiveServer.with(routes: [route, TestRoutes.all[0]]) { live in
            let head = try await live.get("/events", method: "HEAD")
            #expect(head.status == 200)
            #expect(head.header("Content-Type") == "text/event-stream; charset=utf-8")
            // A later request on the server finishes after the HEAD did.
            #expect(try await live.get("/hello").status == 200)
            #expect(probe.writeCount == 0)
        }
    }

    @Test("a client that hangs up cancels the producer, parked or writing, and the server keeps serving",
          arguments: [false, true])
    func disconnectCancels(writing: Bool) async throws {
        let probe = ProducerProbe()
        let route = Route.get("/events", summary: "Never ends by itself.") { _ in
            .eventStream(heartbeat: nil) { events in
                do {
                    try await events.send(event: "progress", data: "0")
                    var count = 0
                    while true {
                        if writing {
                            count += 1
                            try await events.send(event: "progress", data: String(repeating: "x", count: 1000) + "\(count)")
                        } else {
                            try await Task.sleep(for: .seconds(3600))
                        }
                    }
                } catch {
                    probe.cancelled.open()
                    throw error
                }
            }
        }
        try await LiveServer.with(routes: [route] + TestRoutes.all) { live in
            let url = live.base + "/events"
            let response = try await offPool {
                try HTTPTestClient().stream(url, headers: Self.sse, timeout: Self.patience) { _ in false }
            }
            #expect(response.hungUp)
            await probe.cancelled.wait()
            #expect(try await live.get("/hello").status == 200)
            // The request completes once its loop has seen the closed socket, just after the cancellation.
            let server = live.server
            #expect(await eventually { server.metrics.requestsInFlight == 0 && server.openStreams.isEmpty })
        }
    }

    @Test("a slow reader holds the producer back: the server never buffers more than the limit and one write")
    func slowReaderBackpressure() async throws {
        let probe = ProducerProbe()
        let limit = 32 * 1024, piece = 16 * 1024, pieces = 2048  // 32 MiB, more than the socket buffers hold
        let route = Route.get("/bulk", summary: "Many bytes as fast as allowed.") { _ in
            Response(
                headers: HTTPHeaders(contentType: "application/octet-stream"),
                body: .stream(StreamBody(bufferLimit: limit) { writer in
                    for index in 0..<pieces {
                        try await writer.write([UInt8](repeating: UInt8(index % 251), count: piece))
                        probe.recordBuffered(writer.bufferedByteCount)
                    }
                }))
        }
        try await LiveServer.with(routes: [route]) { live in
            let url = live.base + "/bulk"
            let response = try await offPool {
                var first = true
                return try HTTPTestClient().stream(url, timeout: Self.patience) { _ in
                    // Stop reading for a while: the socket buffers fill and the server must hold back.
                    if first { Thread.sleep(forTimeInterval: 0.3) }
                    first = false
                    return true
                }
            }
            #expect(response.status == 200)
            let body = response.body
            #expect(body.count == piece * pieces)
            #expect((0..<pieces).allSatisfy { body[$0 * piece] == UInt8($0 % 251) && body[$0 * piece + piece - 1] == UInt8($0 % 251) })
            #expect(probe.writeCount == pieces)
            #expect(probe.peakBuffered <= limit + piece)
        }
    }

    @Test("a quiet stream sends keep-alive comments")
    func heartbeat() async throws {
        let gate = Gate()
        let route = Route.get("/events", summary: "Waits for a heartbeat.") { _ in
            .eventStream(heartbeat: .milliseconds(20)) { events in
                try await events.send(event: "progress", data: "1")
                await gate.wait()
                try await events.send(event: "done", data: "2")
            }
        }
        try await LiveServer.with(routes: [route]) { live in
            let url = live.base + "/events"
            let response = try await offPool {
                var parser = ServerSentEvents()
                return try HTTPTestClient().stream(url, headers: Self.sse, timeout: Self.patience) { chunk in
                    parser.feed(chunk)
                    if parser.comments.contains("keep-alive") { gate.open() }
                    return true
                }
            }
            let parsed = ServerSentEvents(response.body)
            #expect(parsed.events.map(\.name) == ["progress", "done"])
            #expect(parsed.comments.first == "keep-alive")
        }
    }

    @Test("shutdown with a stream open returns, cancelling the producer")
    func shutdownWithOpenStream() async throws {
        let probe = ProducerProbe(), firstEvent = Gate()
        let route = Route.get("/events", summary: "Never ends by itself.") { _ in
            .eventStream(heartbeat: nil) { events in
                do {
                    try await events.send(event: "progress", data: "1")
                    try await Task.sleep(for: .seconds(3600))
                } catch {
                    probe.cancelled.open()
                    throw error
                }
            }
        }
        let live = try LiveServer.start(routes: [route], configure: { $0.shutdownGrace = 0.2 })
        let url = live.base + "/events"
        async let reading: StreamedResponse? = offPool {
            try? HTTPTestClient().stream(url, headers: Self.sse, timeout: Self.patience) { _ in
                firstEvent.open()
                return true
            }
        }
        await firstEvent.wait()
        await live.server.shutdown()
        await probe.cancelled.wait()
        // The client sees the stream cut, not completed.
        #expect(await (try reading) == nil)
        #expect(live.server.openStreams.isEmpty)
    }

    @Test("the access log line is written at the end, with the bytes sent")
    func accessLogCountsStreamedBytes() async throws {
        let gate = Gate(), probe = ProducerProbe()
        gate.open()
        try await LiveServer.with(routes: [Self.gatedRoute(gate, probe)], configure: { $0.accessLog = .json }) { live in
            let url = live.base + "/events"
            let response = try await offPool { try HTTPTestClient().stream(url, headers: Self.sse, timeout: Self.patience) }
            let log = await live.log.text(containing: "\"/events\"")
            #expect(log.contains("\"bytes\":\(response.body.count)"))
        }
    }
}
