import Compression
import Markup
@testable import Server

/// A loopback upstream with failure modes, built on the project's own server.
///
/// `/ok`, `/delay?ms=`, `/status/{code}?retry_after=`, `/garbage`, `/gzip-truncated`, `/big?bytes=`,
/// `/redirect/{n}` (to `/redirect/{n+1}`: a loop), `/redirect-to?url=`, `/hang`, and `POST /echo`.
struct TestUpstream: Sendable {
    let server: HTTPServer
    let port: Int

    var base: String { "http://127.0.0.1:\(port)" }

    static func start() throws -> TestUpstream {
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.accessLog = .off
        configuration.shutdownGrace = 0.2
        let sink = LogSink(descriptor: -1)
        let log = ServerLog(sink: sink)
        let responder = try Responder(routes: routes, configuration: configuration, log: log)
        let server = HTTPServer(responder: responder, configuration: configuration, log: log, accessLog: AccessLog(format: .off, sink: sink))
        return TestUpstream(server: server, port: try server.start())
    }

    static func with<T: Sendable>(_ body: (TestUpstream) async throws -> T) async throws -> T {
        let upstream = try start()
        do {
            let result = try await body(upstream)
            await upstream.server.shutdown()
            return result
        } catch {
            await upstream.server.shutdown()
            throw error
        }
    }

    static func text(_ text: String, status: Int = 200, headers: [(String, String)] = []) -> Response {
        Response(status: status, headers: HTTPHeaders([("Content-Type", "text/plain; charset=utf-8")] + headers),
                 body: .bytes(Array(text.utf8)), cache: .noStore)
    }

    static var routes: [Route] {
        [
            .getInline("/ok", summary: "200 with a short text.") { _ in text("hello") },
            .get("/delay", summary: "Answers after ms milliseconds.") { request in
                try await Task.sleep(for: .milliseconds(Int(request.query.first("ms") ?? "0") ?? 0))
                return text("late")
            },
            .getInline("/status/{code}", summary: "Any status, with Retry-After if asked.") { request in
                let code = Int(request.parameters.raw("code") ?? "") ?? 500
                let retry = request.query.first("retry_after").map { [("Retry-After", $0)] } ?? []
                return text("status \(code)", status: code, headers: retry)
            },
            .getInline("/garbage", summary: "Bytes that are not a document.") { _ in
                Response(headers: HTTPHeaders([("Content-Type", "application/xml")]),
                         body: .bytes((0..<600).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }), cache: .noStore)
            },
            .getInline("/gzip-truncated", summary: "A gzip body cut short.") { _ in
                let whole = Gzip.compress(Array(String(repeating: "<stop>Zürich HB</stop>", count: 400).utf8))
                return Response(headers: HTTPHeaders([("Content-Type", "application/xml"), ("Content-Encoding", "gzip")]),
                                body: .bytes(Array(whole.prefix(whole.count / 2))), cache: .noStore)
            },
            .getInline("/big", summary: "A body of the given size.") { request in
                let count = min(Int(request.query.first("bytes") ?? "") ?? 1024, 64 << 20)
                return Response(headers: HTTPHeaders([("Content-Type", "text/plain")]),
                                body: .bytes([UInt8](repeating: UInt8(ascii: "x"), count: count)), cache: .noStore)
            },
            .getInline("/redirect/{n}", summary: "Redirects to the next number: a loop.") { request in
                let next = (Int(request.parameters.raw("n") ?? "") ?? 0) + 1
                return text("moved", status: 302, headers: [("Location", "/redirect/\(next)")])
            },
            .getInline("/redirect-to", summary: "Redirects to the URL given.") { request in
                text("moved", status: 302, headers: [("Location", request.query.first("url") ?? "/ok")])
            },
            .get("/hang", summary: "Never answers within a test's patience.") { _ in
                try await Task.sleep(for: .seconds(30))
                return text("too late")
            },
            Route("POST", "/echo", summary: "Echoes the method, a header and the body.", immediate: { request in
                text("\(request.method) \(request.headers["X-Test"] ?? "-") \(String(decoding: request.body, as: UTF8.self))")
            }),
        ]
    }
}
