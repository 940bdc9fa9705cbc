import Compression
import Markup
public import Server
import Synchronization

/// A loopback upstream with failure modes, built on the project's own server.
///
/// `/ok`, `/delay?ms=`, `/status/{code}?retry_after=`, `/garbage`, `/gzip-truncated`, `/big?bytes=`,
/// `/redirect/{n}` (to `/redirect/{n+1}`: a loop), `/redirect-to?url=`, `/hang`, `POST /echo`, and
/// `/feed?ms=&status=` (a small XML document after a delay; every request counted in `hits`).
public struct TestUpstream: Sendable {
    public let server: HTTPServer
    public let port: Int
    /// Requests to `/feed` so far.
    public let hits: HitCounter

    public var base: String { "http://127.0.0.1:\(port)" }

    /// Makes `/feed` answer with this status when it is not 0 (the URL stays the same, so the
    /// cache key does too).
    public let feedStatus: StatusOverride

    /// A status set by the test.
    public final class StatusOverride: Sendable {
        private let status = Atomic<Int>(0)
        /// The status `/feed` answers with; 0 for its own.
        public var value: Int {
            get { status.load(ordering: .relaxed) }
            set { status.store(newValue, ordering: .relaxed) }
        }
    }

    /// Counts requests, readable from tests.
    public final class HitCounter: Sendable {
        private let count = Atomic<Int>(0)
        /// Requests counted.
        public var value: Int { count.load(ordering: .relaxed) }
        func add() { count.add(1, ordering: .relaxed) }
    }

    public static func start() throws -> TestUpstream {
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.accessLog = .off
        configuration.shutdownGrace = 0.2
        let sink = LogSink(descriptor: -1)
        let log = ServerLog(sink: sink)
        let hits = HitCounter()
        let feedStatus = StatusOverride()
        let responder = try Responder(routes: routes(hits, feedStatus), configuration: configuration, log: log)
        let server = HTTPServer(responder: responder, configuration: configuration, log: log, accessLog: AccessLog(format: .off, sink: sink))
        return TestUpstream(server: server, port: try server.start(), hits: hits, feedStatus: feedStatus)
    }

    public static func with<T: Sendable>(_ body: (TestUpstream) async throws -> T) async throws -> T {
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

    static func routes(_ hits: HitCounter, _ feedStatus: StatusOverride) -> [Route] {
        [
            .get("/feed", summary: "A small XML document after ms milliseconds, with the given status.") { request in
                hits.add()
                try await Task.sleep(for: .milliseconds(Int(request.query.first("ms") ?? "0") ?? 0))
                let status = feedStatus.value != 0 ? feedStatus.value : Int(request.query.first("status") ?? "") ?? 200
                let retry = request.query.first("retry_after").map { [("Retry-After", $0)] } ?? []
                return Response(status: status, headers: HTTPHeaders([("Content-Type", "application/xml")] + retry),
                                body: .bytes(Array("<r><item n=\"\(hits.value)\"/></r>".utf8)), cache: .noStore)
            },
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
