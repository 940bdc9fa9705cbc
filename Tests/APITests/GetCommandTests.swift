import Foundation
import HTTPTesting
import Markup
import Server
import Testing
@testable import gottago

/// `gottago get` run as a process against a loopback server that streams a scripted answer.
@Suite("gottago get", .serialized)
struct GetCommandTests {
    static let document = Node.element("routeweather", [
        .list("places", [
            .element("place", [.leaf("name", "Bern"), .leaf("temperature", "4")]),
            .element("place", [.leaf("name", "Thun"), .leaf("temperature", "5")]),
        ]),
    ])

    /// A stand-in for a long answer: geocoding, directions, weather per place, then the document.
    static let routes: [Route] = [
        .get("/api/scripted", summary: "A scripted long answer.") { request in
            let document = Response.document(Self.document, for: request, cache: .noStore)
            guard request.acceptsEventStream else { return document }
            return .eventStream(heartbeat: .milliseconds(50)) { events in
                for (stage, total) in [("geocoding", 2), ("directions", 1)] {
                    for done in 0...total {
                        try await events.send(event: "progress", data: #"{"stage":"\#(stage)","done":\#(done),"total":\#(total)}"#)
                    }
                }
                for done in 0...2 {
                    try await events.send(event: "progress", data: #"{"stage":"weather","done":\#(done),"total":2}"#)
                    if done > 0 { try await events.send(event: "place", data: "<place><name>\(done)</name></place>") }
                }
                try await events.send(event: "done", data: String(decoding: document.body.bytes, as: UTF8.self))
            }
        },
        .get("/api/failing", summary: "Fails after some progress.") { request in
            .eventStream(heartbeat: nil) { events in
                try await events.send(event: "progress", data: #"{"stage":"geocoding","done":0,"total":1}"#)
                let error = HTTPError(status: 404, code: "unknown_place", message: "No place is called Atlantis.")
                let body = ErrorDocument.response(for: error, format: request.format).body.bytes
                try await events.send(event: "error", data: String(decoding: body, as: UTF8.self))
            }
        },
        .getInline("/api/plain", summary: "A document that is never streamed.") { request in
            .document(.element("plain", [.leaf("format", request.format.rawValue)]), for: request, cache: .noStore)
        },
    ]

    static var binary: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("gottago")
    }

    struct Outcome: Sendable {
        let status: Int32
        let out: String
        let err: String
    }

    /// Runs `gottago get` with stdout and stderr on pipes (so stderr is not a terminal).
    static func get(_ arguments: [String]) async throws -> Outcome {
        try await offPool {
            let result = try ChildProcess.run(binary.path, arguments: ["get"] + arguments)
            return Outcome(
                status: result.status, out: String(decoding: result.out, as: UTF8.self),
                err: String(decoding: result.err, as: UTF8.self))
        }
    }

    static func withServer<T: Sendable>(_ body: (String) async throws -> T) async throws -> T {
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.accessLog = .off
        let log = ServerLog(sink: LogSink())
        let responder = try Responder(routes: routes, configuration: configuration, log: log)
        let server = HTTPServer(responder: responder, configuration: configuration, log: log, accessLog: AccessLog(format: .off, sink: LogSink()))
        let port = try server.start()
        do {
            let result = try await body("http://127.0.0.1:\(port)")
            await server.shutdown()
            return result
        } catch {
            await server.shutdown()
            throw error
        }
    }

    @Test("a stream: stdout is exactly the done document, stderr one line per stage, exit 0")
    func streamed() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary.path), "build the gottago product first")
        try await Self.withServer { server in
            let outcome = try await Self.get(["/api/scripted", "--server", server])
            #expect(outcome.status == 0)
            #expect(outcome.out == String(decoding: Response.render(Self.document, as: .xml, pretty: false), as: UTF8.self) + "\n")
            #expect(outcome.err == "geocoding: 0/2\ndirections: 0/1\nweather: 0/2\n")
        }
    }

    @Test("--accept json gets the JSON document; a full URL needs no --server; --verbose shows the rows")
    func jsonAndVerbose() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary.path), "build the gottago product first")
        try await Self.withServer { server in
            let outcome = try await Self.get([server + "/api/scripted", "--accept", "json", "--verbose"])
            #expect(outcome.status == 0)
            #expect(outcome.out == String(decoding: Response.render(Self.document, as: .json, pretty: false), as: UTF8.self) + "\n")
            #expect(outcome.err.contains("place: <place><name>1</name></place>\n"))
            #expect(outcome.err.contains("place: <place><name>2</name></place>\n"))
        }
    }

    @Test("an error event: its document on stdout, its message on stderr, exit 1")
    func errorEvent() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary.path), "build the gottago product first")
        try await Self.withServer { server in
            let outcome = try await Self.get(["api/failing", "--server", server + "/"])
            #expect(outcome.status == 1)
            #expect(outcome.out.contains("<code>unknown_place</code>"))
            #expect(outcome.err == "geocoding: 0/1\ngottago get: No place is called Atlantis.\n")
            let json = try await Self.get(["/api/failing", "--server", server, "--accept", "json"])
            #expect(json.status == 1)
            #expect(json.err.hasSuffix("gottago get: No place is called Atlantis.\n"))
        }
    }

    @Test("a plain response is written as it is; an HTTP error exits 1 with its message")
    func plainAndHTTPError() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary.path), "build the gottago product first")
        try await Self.withServer { server in
            let plain = try await Self.get(["/api/plain", "--server", server, "--accept", "json"])
            #expect(plain.status == 0)
            #expect(plain.out == #"{"plain":{"format":"json"}}"#)
            #expect(plain.err.isEmpty)
            let missing = try await Self.get(["/api/nowhere", "--server", server])
            #expect(missing.status == 1)
            #expect(missing.out.contains("<code>not_found</code>"))
            #expect(missing.err.hasPrefix("gottago get: HTTP 404: "))
        }
    }

    @Test("no server: exit 2 with the reason; bad arguments: exit 2 with the usage")
    func unreachable() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary.path), "build the gottago product first")
        // A port that was just in use and is closed now.
        let server = try await Self.withServer { $0 }
        let outcome = try await Self.get(["/api/scripted", "--server", server])
        #expect(outcome.status == 2)
        #expect(outcome.out.isEmpty)
        #expect(outcome.err.hasPrefix("gottago get: cannot reach \(server)/api/scripted: "))
        let usage = try await Self.get(["--accept", "yaml", "/x"])
        #expect(usage.status == 2)
        #expect(usage.err.contains("usage: gottago get"))
    }
}

/// The pieces of `gottago get` that need no process.
@Suite("gottago get: events, progress and arguments")
struct GetCommandPartsTests {
    @Test("events are read across arbitrary splits, CRLF included, comments skipped")
    func eventReader() {
        let stream = Array(": keep-alive\r\n\r\nevent: progress\r\ndata: {\"stage\":\"weather\",\"done\":1,\"total\":2}\r\n\r\nevent: done\ndata: <a>\ndata: </a>\n\n".utf8)
        for split in [1, 2, 3, 7, stream.count] {
            var reader = GetEventReader()
            var events: [GetEventReader.Event] = []
            var index = 0
            while index < stream.count {
                events += reader.feed(Array(stream[index..<min(index + split, stream.count)]))
                index += split
            }
            #expect(events == [
                GetEventReader.Event(name: "progress", data: #"{"stage":"weather","done":1,"total":2}"#),
                GetEventReader.Event(name: "done", data: "<a>\n</a>"),
            ])
        }
    }

    @Test("progress data is read from its JSON, whatever the order and spacing")
    func progress() {
        #expect(GetProgress(json: #"{"stage":"weather","done":12,"total":87}"#) == GetProgress(stage: "weather", done: 12, total: 87))
        #expect(GetProgress(json: #"{ "total" : 3, "extra": [1, 2], "stage": "geo\"coding", "done": 0 }"#)?.stage == "geo\"coding")
        #expect(GetProgress(json: #"{"stage":"weather"}"#) == nil)
        #expect(GetProgress(stage: "weather", done: 12, total: 87).percent == 13)
    }

    @Test("on a terminal the bar is redrawn in place and cleared at the end")
    func terminalBar() {
        final class Written { var text = "" }
        let written = Written()
        var display = GetProgressDisplay(isTerminal: true) { written.text += $0 }
        display.show(GetProgress(stage: "weather", done: 1, total: 4))
        display.show(GetProgress(stage: "weather", done: 2, total: 4))
        display.clear()
        #expect(written.text == "\r\u{1B}[2Kweather [######..................] 1/4 25%\r\u{1B}[2Kweather [############............] 2/4 50%\r\u{1B}[2K")
    }

    @Test("arguments", arguments: [
        (["/api/x"], "http://127.0.0.1:8080/api/x"),
        (["api/x", "--server", "http://h:1/"], "http://h:1/api/x"),
        (["https://example.org/a?b=1", "--server", "http://h:1"], "https://example.org/a?b=1"),
    ])
    func urls(arguments: [String], url: String) throws {
        #expect(try GetCommand.parse(arguments).get().url == url)
    }

    @Test("--accept json still asks for events first")
    func acceptHeader() throws {
        let options = try GetCommand.parse(["/x", "--accept", "json"]).get()
        #expect(options.acceptHeader == "text/event-stream, application/json;q=0.9")
        #expect(Negotiation.acceptsEventStream(options.acceptHeader))
        #expect(Negotiation.preferredFormat(accept: options.acceptHeader) == .json)
    }
}
