public import Server
import Synchronization

/// A loopback upstream that answers every GET and POST with the bytes the test set last (a
/// recorded response, an error document), counting the requests and keeping the last one's
/// `Authorization` header: a stand-in for one feed.
public final class StandInUpstream: Sendable {
    private let loopback: LoopbackServer
    public var server: HTTPServer { loopback.server }
    public var port: Int { loopback.port }
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
        let answer: Route.Handler = { request in
            store.count.add(1, ordering: .relaxed)
            store.authorization.withLock { $0 = request.headers["Authorization"] }
            let (body, contentType, status) = store.answer.withLock { $0 }
            return Response(status: status, headers: HTTPHeaders(contentType: contentType), body: .bytes(body), cache: .noStore)
        }
        loopback = try LoopbackServer(["/{a}", "/{a}/{b}", "/{a}/{b}/{c}"].map {
            Route("GET", $0, summary: "The stand-in's answer.", readsRawQuery: true, handler: answer)
        })
    }

    /// Answers with other bytes from now on.
    public func answer(_ body: [UInt8], status: Int = 200) {
        store.answer.withLock { $0 = (body, $0.contentType, status) }
    }

    public func shutdown() async {
        await server.shutdown()
    }
}
