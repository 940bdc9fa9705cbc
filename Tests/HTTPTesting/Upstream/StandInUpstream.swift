public import Server
import Synchronization

/// A loopback upstream that answers every GET and POST with the bytes the test set last (a
/// recorded response, an error document), counting the requests and keeping the last one's
/// `Authorization` header: a stand-in for one feed.
public final class StandInUpstream: Sendable {
    public let server: HTTPServer
    public let port: Int
    private let store: Store

    private final class Store: Sendable {
        let answer: Mutex<(body: [UInt8], contentType: String, status: Int)>
        let count = Atomic<Int>(0)
        let authorization = Mutex<String?>(nil)

        init(_ answer: (body: [UInt8], contentType: String, status: Int)) {
            self.answer = Mutex(answer)
        }
    }

    public var base: String { "http://127.0.0.1:\(port)" }

    /// Requests answered so far.
    public var hits: Int { store.count.load(ordering: .relaxed) }

    /// The last request's `Authorization` header, if it had one.
    public var lastAuthorization: String? { store.authorization.withLock { $0 } }

    /// Starts answering `body` on any path.
    public init(body: [UInt8], contentType: String = "text/xml; charset=utf-8", status: Int = 200) throws {
        let store = Store((body, contentType, status))
        self.store = store
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.accessLog = .off
        configuration.shutdownGrace = 0.2
        let sink = LogSink(descriptor: -1)
        let log = ServerLog(sink: sink)
        let answer: Route.Handler = { request in
            store.authorization.withLock { $0 = request.headers["Authorization"] }
            store.count.add(1, ordering: .relaxed)
            let (body, contentType, status) = store.answer.withLock { $0 }
            return Response(status: status, headers: HTTPHeaders(contentType: contentType), body: .bytes(body), cache: .noStore)
        }
        let routes = ["GET", "POST"].flatMap { method in
            ["/{a}", "/{a}/{b}", "/{a}/{b}/{c}"].map { Route(method, $0, summary: "The stand-in's answer.", readsRawQuery: true, handler: answer) }
        }
        let responder = try Responder(routes: routes, configuration: configuration, log: log)
        server = HTTPServer(responder: responder, configuration: configuration, log: log, accessLog: AccessLog(format: .off, sink: sink))
        port = try server.start()
    }

    /// Answers with other bytes from now on.
    public func answer(_ body: [UInt8], status: Int = 200) {
        store.answer.withLock { $0 = (body, $0.contentType, status) }
    }

    public func shutdown() async {
        await server.shutdown()
    }
}
