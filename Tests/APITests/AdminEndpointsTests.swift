import Foundation
import HTTPTesting
import Testing
@testable import API
@testable import gottago
import Server

/// The operators' endpoints (`/metrics`, `/api/upstreams`, its schema, the debug routes) are
/// answered only to `--admin-networks`; anyone else gets the 404 of a path that does not exist.
@Suite("Admin endpoints")
struct AdminEndpointsTests {
    static let admin: Set<String> = ["/metrics", "/api/upstreams", "/api/schema/upstreams.xsd", "/debug/fixed", "/debug/fixed/handoff", "/debug/events/idle", "/debug/delay", "/debug/sandbox/clock"]

    @Test("the admin endpoints are declared as such, and the load balancers' probes are not")
    func declared() throws {
        let endpoints = try AllEndpoints.declared()
        #expect(Set(endpoints.filter(\.isAdmin).map(\.publishedPath)) == Self.admin)
        for probe in ["/healthz", "/readyz", "/api", "/api/openapi.json", "/api/routes"] {
            #expect(endpoints.first { $0.publishedPath == probe }?.isAdmin == false, "\(probe)")
        }
        let routes = try AllEndpoints.application().responder.routes
        #expect(Set(routes.filter(\.isAdmin).map(\.template)) == Self.admin)
    }

    @Test("in memory, --admin-networks 10.0.0.0/8: 10.1.2.3 gets the documents, 127.0.0.1 an unknown path's 404")
    func inMemory() async throws {
        let settings = try ConfigurationLoader(arguments: ["--admin-networks", "10.0.0.0/8"], environment: [:], readFile: { _ in nil }).load()
        let responder = try AllEndpoints.application(server: settings.server).responder
        func get(_ target: String, from remote: String, method: String = "GET") async -> WireResponse {
            await responder.respond(to: Request(id: "a-1", method: method, target: target, remoteAddress: remote))
        }
        let unknown = await get("/no/such/path", from: "127.0.0.1")
        for path in Self.admin.sorted() {
            // The one action: moving the sandbox's clock.
            let (method, target) = path == "/debug/sandbox/clock" ? ("POST", path + "?advance=1") : ("GET", path)
            let inside = await get(target, from: "10.1.2.3", method: method)
            #expect(inside.status == 200, "\(path)")
            let outside = await get(target, from: "127.0.0.1", method: method)
            #expect(outside.status == 404, "\(path)")
            #expect(outside.body == unknown.body, "\(path)")
            #expect(outside.headers.map { "\($0.name): \($0.value)" } == unknown.headers.map { "\($0.name): \($0.value)" }, "\(path)")
        }
        let metrics = await get("/metrics", from: "10.1.2.3")
        #expect(String(decoding: metrics.body, as: UTF8.self).contains("gottago_http_requests_total"))
        for path in ["/healthz", "/readyz", "/api", "/api/openapi.json"] {
            #expect(await get(path, from: "203.0.113.9").status == 200, "\(path)")
        }
    }

    @Test("/api and the OpenAPI document are the same for every client, and say which endpoints are admin")
    func discovery() async throws {
        let responder = try AllEndpoints.application().responder
        let outside = await responder.respond(to: Request(id: "a-2", method: "GET", target: "/api.json", remoteAddress: "203.0.113.9"))
        let inside = await responder.respond(to: Request(id: "a-2", method: "GET", target: "/api.json", remoteAddress: "127.0.0.1"))
        #expect(outside.body == inside.body)
        #expect(String(decoding: outside.body, as: UTF8.self).contains("\"/metrics\""))
        let openAPI = await responder.respond(to: Request(id: "a-3", method: "GET", target: "/api/openapi.json", remoteAddress: "203.0.113.9"))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(openAPI.body)) as? [String: Any])
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        let metrics = try #require(paths["/metrics"]?["get"] as? [String: Any])
        #expect((metrics["description"] as? String)?.contains("`--admin-networks`") == true)
        let health = try #require(paths["/healthz"]?["get"] as? [String: Any])
        #expect((health["description"] as? String)?.contains("admin") != true)
    }

    @Test("live: /metrics and /api/upstreams answer 127.0.0.1 by default, and not with --admin-networks 10.0.0.0/8")
    func live() async throws {
        try await LiveApp.with { live in
            let metrics = try await live.get("/metrics")
            let fixed = try await live.get("/debug/fixed")
            #expect(metrics.status == 200)
            #expect(fixed.status == 200)
        }
        let networks = try IPNetworks(parsing: "10.0.0.0/8")
        try await LiveApp.with(configure: { $0.adminNetworks = networks }) { live in
            let metrics = try await live.get("/metrics")
            #expect(metrics.status == 404)
            #expect(metrics.text.contains("<code>not_found</code>"))
            let fixed = try await live.get("/debug/fixed")
            let health = try await live.get("/healthz")
            let ready = try await live.get("/readyz")
            #expect(fixed.status == 404)
            #expect(health.status == 200)
            #expect(ready.status == 200)
        }
    }
}
