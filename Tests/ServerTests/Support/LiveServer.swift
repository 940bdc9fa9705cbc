#if canImport(Glibc)
import Glibc
#endif
import HTTPTesting
@testable import Server

/// A real server on 127.0.0.1 with a free port, stopped when the body returns.
struct LiveServer: Sendable {
    let server: HTTPServer
    let port: Int
    let log: CapturedLog

    var base: String { "http://127.0.0.1:\(port)" }

    static func with<T: Sendable>(
        routes: [Route], configure: (inout ServerConfiguration) -> Void = { _ in },
        _ body: (LiveServer) async throws -> T
    ) async throws -> T {
        let live = try start(routes: routes, configure: configure)
        do {
            let result = try await body(live)
            await live.server.shutdown()
            return result
        } catch {
            await live.server.shutdown()
            throw error
        }
    }

    /// Starts a server that the caller shuts down (for shutdown tests).
    static func start(routes: [Route], configure: (inout ServerConfiguration) -> Void = { _ in }) throws -> LiveServer {
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.accessLog = .off
        configuration.shutdownGrace = 5
        configure(&configuration)
        let captured = CapturedLog()
        let sink = LogSink(descriptor: captured.writeEnd)
        let log = ServerLog(sink: sink)
        let responder = try Responder(routes: routes, configuration: configuration, log: log)
        let server = HTTPServer(
            responder: responder, configuration: configuration, log: log,
            accessLog: AccessLog(format: configuration.accessLog, sink: sink))
        let port = try server.start()
        return LiveServer(server: server, port: port, log: captured)
    }

    /// The state of every stream still open, for a test's failure message.
    var openStreams: [String] {
        server.openStreams.map(\.stateDescription)
    }

    /// One request with a fresh client, off the cooperative pool.
    func get(
        _ target: String, method: String = "GET", headers: [(String, String)] = [], body: [UInt8]? = nil
    ) async throws -> TestResponse {
        let url = base + target
        let sendable = headers.map { SendablePair(name: $0.0, value: $0.1) }
        return try await offPool {
            try HTTPTestClient().send(method, url, headers: sendable.map { ($0.name, $0.value) }, body: body)
        }
    }
}

/// The server's log lines, written into a pipe that the test reads.
final class CapturedLog: Sendable {
    let readEnd: Int32
    let writeEnd: Int32

    init() {
        var ends: [Int32] = [0, 0]
        _ = pipe(&ends)
        _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
        _ = fcntl(ends[1], F_SETFL, O_NONBLOCK)  // a full pipe drops lines rather than stalling the server
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// What the log holds once `needle` is in it, waiting for each write to the pipe rather than
    /// for a while: the sink writes its lines when it flushes, after the response has gone.
    func text(containing needle: String) async -> String {
        let log = self
        let found = try? await offPool { () -> String in
            var text = ""
            while !text.contains(needle) {
                var ready = pollfd(fd: log.readEnd, events: Int16(POLLIN), revents: 0)
                _ = poll(&ready, 1, -1)
                text += log.text()
            }
            return text
        }
        return found ?? ""
    }

    /// Everything written so far (the sink flushes every 20 ms; callers wait for that).
    func text() -> String {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(readEnd, &chunk, chunk.count)
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

struct SendablePair: Sendable {
    let name: String
    let value: String
}

/// Routes used by the server tests.
enum TestRoutes {
    struct Teapot: Error {}

    static let all: [Route] = [
        .getInline("/hello", summary: "A small text document.") { request in
            .document(.element("hello", [.leaf("to", "world")]), for: request, cache: .maxAge(30))
        },
        .getInline("/big", summary: "A document over the gzip threshold.") { request in
            .document(
                .list("items", (0..<200).map { .leaf("item", "entry number \($0) with some text") }),
                for: request, cache: .maxAge(30))
        },
        .getInline("/echo/{name}", summary: "Echoes the decoded parameter and query.") { request in
            let name = try request.parameters.string("name")
            let list = try request.parameters.list("name")
            return .document(
                .element("echo", [
                    .leaf("name", name),
                    .list("items", list.map { .leaf("item", $0) }),
                    .list("query", request.query.map { .leaf($0.name.isEmpty ? "empty" : "q", $0.value) }),
                ]), for: request, cache: .noCache)
        },
        .get("/sleep", summary: "Waits asynchronously.") { request in
            let ms = Int(request.query.first("ms") ?? "50") ?? 50
            try await Task.sleep(for: .milliseconds(ms))
            return .document(.element("slept", [.leaf("ms", ms)]), for: request, cache: .noStore)
        },
        .get("/fail", summary: "Throws an error that is not an HTTP error.") { _ in
            throw Teapot()
        },
        Route("POST", "/upload", summary: "Counts the body.", immediate: { request in
            .document(.element("upload", [.leaf("bytes", request.body.count)]), for: request, cache: .noStore)
        }),
    ]
}
