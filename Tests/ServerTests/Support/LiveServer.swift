import HTTPTesting
@testable import Server

/// A real server on 127.0.0.1 with a free port, stopped when the body returns.
struct LiveServer: Sendable {
    let server: HTTPServer
    let port: Int

    var base: String { "http://127.0.0.1:\(port)" }

    static func with<T: Sendable>(
        routes: [Route], configure: (inout ServerConfiguration) -> Void = { _ in },
        _ body: (LiveServer) async throws -> T
    ) async throws -> T {
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.accessLog = .off
        configuration.shutdownGrace = 5
        configure(&configuration)
        let sink = LogSink()
        let log = ServerLog(sink: sink)
        let responder = try Responder(routes: routes, configuration: configuration, log: log)
        let server = HTTPServer(
            responder: responder, configuration: configuration, log: log,
            accessLog: AccessLog(format: configuration.accessLog, sink: sink))
        let port = try server.start()
        let live = LiveServer(server: server, port: port)
        do {
            let result = try await body(live)
            await server.shutdown()
            return result
        } catch {
            await server.shutdown()
            throw error
        }
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
