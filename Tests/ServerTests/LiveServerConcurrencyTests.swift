import Foundation
import HTTPTesting
import Testing
@testable import Server

/// Many connections at once, and shutdown with work in flight.
@Suite("Live server: concurrency and shutdown", .serialized)
struct LiveServerConcurrencyTests {
    @Test("2,000 concurrent keep-alive connections to a 50 ms async handler are all answered")
    func twoThousandConnections() async throws {
        try await LiveServer.with(routes: TestRoutes.all, configure: {
            $0.limits.maxConnections = 5000
            $0.limits.maxConnectionsPerClient = 5000
        }) { live in
            let urls = Array(repeating: live.base + "/sleep?ms=50", count: 2000)
            let started = Date()
            let results = try await offPool { try ConcurrentRequests.run(urls: urls, timeout: 60, requestsPerConnection: 2) }
            let elapsed = Date().timeIntervalSince(started)
            let statuses = results.map { (try? $0.get().status) ?? -1 }
            #expect(statuses.count == 4000)
            #expect(statuses.allSatisfy { $0 == 200 })
            // Sequential handling would need 4000 × 50 ms; held threads would need 2000 × 50 ms / 2.
            #expect(elapsed < 30)
            #expect(live.server.metrics.connectionsPeak >= 1900)
            let reused = results.compactMap { try? $0.get() }.filter { $0.newConnections == 0 }.count
            #expect(reused >= 1900)
        }
    }

    @Test("shutdown stops accepting but still answers the request in flight")
    func gracefulShutdown() async throws {
        let live = try LiveServer.start(routes: TestRoutes.all)
        let server = live.server, port = live.port
        let url = "http://127.0.0.1:\(port)/sleep?ms=700"
        async let inFlight = offPool { try HTTPTestClient().send("GET", url) }
        // Shut down once the request is being handled, however long it took to get there.
        #expect(await eventually { server.metrics.requestsInFlight == 1 })
        let shutdownStarted = Date()
        await server.shutdown()
        let response = try await inFlight
        #expect(response.status == 200)
        #expect(response.text.contains("<ms>700</ms>"))
        #expect(response.header("Connection")?.lowercased() == "close")
        #expect(Date().timeIntervalSince(shutdownStarted) < 5)
        // Nothing listens any more.
        await #expect(throws: (any Error).self) {
            try await offPool { try HTTPTestClient().send("GET", "http://127.0.0.1:\(port)/hello", timeout: 2) }
        }
    }

    @Test("a handler that outlives the grace period is answered 503 shutting_down")
    func graceExpires() async throws {
        let live = try LiveServer.start(routes: TestRoutes.all, configure: { $0.shutdownGrace = 0.3 })
        let server = live.server, port = live.port
        let url = "http://127.0.0.1:\(port)/sleep?ms=5000"
        async let inFlight = offPool { try HTTPTestClient().send("GET", url) }
        #expect(await eventually { server.metrics.requestsInFlight == 1 })
        await server.shutdown()
        let response = try await inFlight
        #expect(response.status == 503)
        #expect(response.text.contains("<code>shutting_down</code>"))
    }
}
