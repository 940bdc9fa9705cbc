import Foundation
import HTTPTesting
import Testing
@testable import Server

/// Admin routes answer only clients in the admin networks; to anyone else their path is one that
/// does not exist: the same 404 document and header fields as an unknown path.
@Suite("Admin routes")
struct AdminRoutesTests {
    /// The test routes, an admin route that names the client it saw, and a POST beside it.
    static let routes: [Route] = TestRoutes.all + [
        admin(.getInline("/admin/client", summary: "The client's address.") { request in .text(request.clientAddress, cache: .noStore) }),
        admin(Route("POST", "/admin/client", summary: "Takes a body.", immediate: { _ in .text("posted", cache: .noStore) })),
    ]

    static func admin(_ route: Route) -> Route {
        var route = route
        route.isAdmin = true
        return route
    }

    static func responder(_ networks: String? = nil) throws -> Responder {
        var configuration = ServerConfiguration()
        if let networks { configuration.adminNetworks = try IPNetworks(parsing: networks) }
        return try Responder(routes: routes, configuration: configuration, log: ServerLog(sink: LogSink()))
    }

    static func request(_ target: String, method: String = "GET", from remote: String, headers: HTTPHeaders = HTTPHeaders()) -> Request {
        Request(id: "admin-1", method: method, target: target, headers: headers, remoteAddress: remote)
    }

    @Test("by default loopback is admin, mapped loopback too; other addresses are not")
    func loopbackByDefault() async throws {
        let responder = try Self.responder()
        for remote in ["127.0.0.1", "::1", "::ffff:127.0.0.1", "127.0.0.2"] {
            let response = await responder.respond(to: Self.request("/admin/client", from: remote))
            #expect(response.status == 200, "\(remote)")
            #expect(String(decoding: response.body, as: UTF8.self) == remote)
        }
        for remote in ["10.1.2.3", "::ffff:10.1.2.3", "fd00::2", "-", ""] {
            let response = await responder.respond(to: Self.request("/admin/client", from: remote))
            #expect(response.status == 404, "\(remote)")
        }
    }

    @Test("an address in --admin-networks gets the document; loopback then does not")
    func configuredNetworks() async throws {
        let responder = try Self.responder("10.0.0.0/8")
        let inside = await responder.respond(to: Self.request("/admin/client", from: "10.1.2.3"))
        #expect(inside.status == 200)
        #expect(String(decoding: inside.body, as: UTF8.self) == "10.1.2.3")
        let mapped = await responder.respond(to: Self.request("/admin/client", from: "::ffff:10.1.2.3"))
        #expect(mapped.status == 200)
        let loopback = await responder.respond(to: Self.request("/admin/client", from: "127.0.0.1"))
        #expect(loopback.status == 404)
        // Routes that are not admin answer everyone.
        let hello = await responder.respond(to: Self.request("/hello", from: "203.0.113.9"))
        #expect(hello.status == 200)
        let closed = try Self.responder("none")
        #expect(await closed.respond(to: Self.request("/admin/client", from: "127.0.0.1")).status == 404)
    }

    @Test("outside the admin networks, every method and format is an unknown path's answer, byte for byte", arguments: [
        ("GET", "/admin/client", HTTPHeaders()),
        ("GET", "/admin/client.json", HTTPHeaders()),
        ("GET", "/admin/client?format=json&pretty=1", HTTPHeaders()),
        ("GET", "/admin/client", HTTPHeaders([("Accept", "application/json"), ("Accept-Encoding", "gzip")])),
        ("HEAD", "/admin/client", HTTPHeaders()),
        ("POST", "/admin/client", HTTPHeaders()),
        ("PUT", "/admin/client", HTTPHeaders()),
        ("DELETE", "/admin/client", HTTPHeaders()),
        ("OPTIONS", "/admin/client", HTTPHeaders([("Access-Control-Request-Method", "GET")])),
    ])
    func indistinguishable(_ method: String, _ target: String, _ headers: HTTPHeaders) async throws {
        let responder = try Self.responder("10.0.0.0/8")
        let unknownTarget = target.replacingOccurrences(of: "/admin/client", with: "/admin/nothing")
        let hidden = await responder.respond(to: Self.request(target, method: method, from: "192.0.2.1", headers: headers))
        let unknown = await responder.respond(to: Self.request(unknownTarget, method: method, from: "192.0.2.1", headers: headers))
        #expect(hidden.status == 404)
        #expect(hidden.status == unknown.status)
        #expect(hidden.body == unknown.body)
        #expect(hidden.headers.map { "\($0.name): \($0.value)" } == unknown.headers.map { "\($0.name): \($0.value)" })
        // From inside, the same request reaches the route (405 with Allow for a method it does not serve).
        let inside = await responder.respond(to: Self.request(target, method: method, from: "10.0.0.1", headers: headers))
        #expect(inside.status != 404)
    }

    @Test("Expect: 100-continue routing refusal hides the admin route too")
    func routingError() throws {
        let responder = try Self.responder("10.0.0.0/8")
        #expect(responder.routingError(for: Self.request("/admin/client", method: "PUT", from: "192.0.2.1"))?.status == 404)
        #expect(responder.routingError(for: Self.request("/admin/client", method: "PUT", from: "10.0.0.1"))?.status == 405)
        #expect(responder.routingError(for: Self.request("/admin/client", method: "POST", from: "10.0.0.1")) == nil)
    }

    @Test("what the server already knows of the client decides, without the address read again")
    func knownClient() throws {
        let responder = try Self.responder()
        let known = { (address: String, isAdmin: Bool?) in
            Request(
                id: "admin-1", method: "GET", target: "/admin/client", headers: HTTPHeaders(), body: [], remoteAddress: address,
                received: nil, clientIsAdmin: isAdmin)
        }
        #expect(responder.isFound(known("203.0.113.9", true)))
        #expect(!responder.isFound(known("127.0.0.1", false)))
        #expect(responder.isFound(known("127.0.0.1", nil)))
        #expect(!responder.isFound(known("203.0.113.9", nil)))
        // A request given another target stays the same client.
        #expect(responder.isFound(known("203.0.113.9", true).retargeted("/admin/client?x=1")))
    }

    // MARK: Live, on the real server

    @Test("live: 127.0.0.1 is admin by default, and the address the route sees is the connection's")
    func liveLoopback() async throws {
        try await LiveServer.with(routes: Self.routes) { live in
            let response = try await live.get("/admin/client")
            #expect(response.status == 200)
            #expect(response.text == "127.0.0.1")
        }
    }

    @Test("live: with --admin-networks 10.0.0.0/8, 127.0.0.1 gets the unknown path's 404")
    func liveOutside() async throws {
        let networks = try IPNetworks(parsing: "10.0.0.0/8")
        try await LiveServer.with(routes: Self.routes, configure: { $0.adminNetworks = networks }) { live in
            let id = [("X-Request-Id", "same-id")]
            let hidden = try await live.get("/admin/client", headers: id)
            let unknown = try await live.get("/admin/nothing", headers: id)
            #expect(hidden.status == 404)
            #expect(hidden.text.contains("<code>not_found</code>"))
            #expect(hidden.body == unknown.body)
            let fields = { (response: TestResponse) in response.headers.filter { $0.0 != "Date" }.map { "\($0.0): \($0.1)" } }
            #expect(fields(hidden) == fields(unknown))
            let hello = try await live.get("/hello")
            #expect(hello.status == 200)
        }
    }

    @Test("live: behind a trusted proxy the client it names decides, not the admin peer, on one kept-alive connection")
    func liveBehindProxy() async throws {
        let proxies = TrustedProxies(try IPNetworks(parsing: "127.0.0.0/8"))
        try await LiveServer.with(routes: Self.routes, configure: { $0.trustedProxies = proxies }) { live in
            let url = "http://127.0.0.1:\(live.port)/admin/client"
            let responses = try await offPool { () throws -> [TestResponse] in
                let client = try HTTPTestClient()
                return try [nil, "203.0.113.9", "127.0.0.9"].map { forwarded in
                    try client.send(url, headers: forwarded.map { [("X-Forwarded-For", $0)] } ?? [])
                }
            }
            let (peer, outsider, insider) = (responses[0], responses[1], responses[2])
            #expect(peer.status == 200)
            #expect(peer.text == "127.0.0.1")
            // The peer is admin; the client it forwards for is not.
            #expect(outsider.newConnections == 0)
            #expect(outsider.status == 404)
            #expect(outsider.text.contains("<code>not_found</code>"))
            #expect(insider.newConnections == 0)
            #expect(insider.status == 200)
            #expect(insider.text == "127.0.0.9")
        }
    }

    /// On a dual-stack listener (`::`), IPv4 clients are reported as `::ffff:a.b.c.d`, which the IPv4 block admits.
    @Test("live: one loopback address admitted, another refused (connections from 127.0.0.2), on IPv4 and dual-stack listeners",
          arguments: [("127.0.0.1", "127.0.0.1"), ("::", "::ffff:127.0.0.1")])
    func liveSourceAddress(host: String, reported: String) async throws {
        let networks = try IPNetworks(parsing: "127.0.0.1/32")
        try await LiveServer.with(routes: Self.routes, configure: { $0.host = host; $0.adminNetworks = networks }) { live in
            let port = live.port
            let request = Array("GET /admin/client HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8)
            let (fromOne, fromTwo) = try await offPool {
                (try RawHTTP.exchange(port: port, from: "127.0.0.1", request: request),
                 try RawHTTP.exchange(port: port, from: "127.0.0.2", request: request))
            }
            #expect(fromOne.status == 200)
            #expect(String(decoding: fromOne.body, as: UTF8.self) == reported)
            #expect(fromTwo.status == 404)
        }
    }

    @Test("live: Expect: 100-continue to an admin path from outside is refused as an unknown path")
    func liveExpect() async throws {
        let networks = try IPNetworks(parsing: "10.0.0.0/8")
        try await LiveServer.with(routes: Self.routes, configure: { $0.adminNetworks = networks }) { live in
            let port = live.port
            let head = "PUT /admin/client HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\nExpect: 100-continue\r\n\r\n"
            let response = try await offPool { try RawHTTP.exchange(port: port, request: Array(head.utf8)) }
            #expect(response.status == 404)
            #expect(String(decoding: response.body, as: UTF8.self).contains("<code>not_found</code>"))
        }
    }
}

extension Responder {
    /// Whether routing finds a route for the request.
    fileprivate func isFound(_ request: Request) -> Bool {
        if case .found = match(request) { return true }
        return false
    }
}
