import Testing
@testable import Server

/// The pipeline in memory, without a socket: the same semantics as the live server.
@Suite("Responder in memory")
struct ResponderTests {
    let responder: Responder

    init() throws {
        responder = try Responder(
            routes: TestRoutes.all, configuration: ServerConfiguration(), log: ServerLog(sink: LogSink()))
    }

    func request(_ target: String, method: String = "GET", headers: HTTPHeaders = HTTPHeaders()) -> Request {
        Request(id: "t-1", method: method, target: target, headers: headers)
    }

    @Test("a routed request gets its document and the standard headers")
    func document() async {
        let response = await responder.respond(to: request("/hello"))
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self).hasSuffix("<hello><to>world</to></hello>"))
        #expect(response.headers["X-Request-Id"] == "t-1")
        #expect(response.headers["Access-Control-Allow-Origin"] == "*")
        #expect(response.headers["ETag"] != nil)
    }

    @Test("limits apply in memory too")
    func limits() async {
        let long = await responder.respond(to: request("/echo/" + String(repeating: "x", count: 9000)))
        #expect(long.status == 414)
        let headers = HTTPHeaders((0..<5).map { ("X-\($0)", String(repeating: "v", count: 4000)) })
        let fat = await responder.respond(to: request("/hello", headers: headers))
        #expect(fat.status == 431)
    }

    @Test("duplicate and malformed templates are refused at start")
    func badTemplates() {
        let log = ServerLog(sink: LogSink())
        #expect(throws: (any Error).self) {
            try Responder(routes: TestRoutes.all + [TestRoutes.all[0]], configuration: ServerConfiguration(), log: log)
        }
        let broken = Route.getInline("/x/{", summary: "broken") { _ in .text("") }
        #expect(throws: (any Error).self) {
            try Responder(routes: [broken], configuration: ServerConfiguration(), log: log)
        }
    }
}
