import Foundation
import HTTPTesting
import Synchronization
import Testing
@testable import Server

/// Many connections at once, and shutdown with work in flight.
@Suite("Live server: concurrency and shutdown", .serialized)
struct LiveServerConcurrencyTests {
    @Test("2,000 concurrent keep-alive connections to an async handler are all answered, 1,900 of them held at once")
    func twoThousandConnections() async throws {
        // The first 1,900 requests are held until all of them are being handled together: with
        // requests handled one after another, or each holding one of the pool's threads, they
        // never would be; and so many connections are open at once however slowly they came.
        let arrived = Atomic<Int>(0)
        let together = Gate()
        let route = Route.get("/together", summary: "Held until 1,900 requests are handled at once.") { request in
            if arrived.add(1, ordering: .relaxed).newValue == 1900 { together.open() }
            await together.wait()
            return .document(.element("together", []), for: request, cache: .noStore)
        }
        try await LiveServer.with(routes: TestRoutes.all + [route], configure: {
            $0.limits.maxConnections = 5000
            $0.limits.maxConnectionsPerClient = 5000
        }) { live in
            let urls = Array(repeating: live.base + "/together", count: 2000)
            let results = try await offPool { try ConcurrentRequests.run(urls: urls, timeout: 60, requestsPerConnection: 2) }
            let statuses = results.map { (try? $0.get().status) ?? -1 }
            #expect(statuses.count == 4000)
            #expect(statuses.allSatisfy { $0 == 200 })
            #expect(together.isOpen)
            #expect(live.server.metrics.connectionsPeak >= 1900)
            let reused = results.compactMap { try? $0.get() }.filter { $0.newConnections == 0 }.count
            #expect(reused >= 1900)
        }
    }

    // With a grace of ten minutes, a shutdown that waited for the grace rather than for the
    // request would run into the time limit; the limit is a guard, not a measure.
    @Test("shutdown stops accepting but still answers the request in flight", .timeLimit(.minutes(1)))
    func gracefulShutdown() async throws {
        // The handler holds the request until the shutdown has begun: events, not a 700 ms pause
        // that the test had to catch in flight.
        let entered = Gate(), release = Gate()
        let held = Route.get("/held", summary: "Answers once released.") { request in
            entered.open()
            await release.wait()
            return .document(.element("held", [.leaf("ms", 700)]), for: request, cache: .noCache)
        }
        let live = try LiveServer.start(routes: [held] + TestRoutes.all, configure: { $0.shutdownGrace = 600 })
        let server = live.server, port = live.port
        let url = "http://127.0.0.1:\(port)/held"
        async let inFlight = offPool { try HTTPTestClient().send("GET", url) }
        await entered.wait()
        #expect(server.metrics.requestsInFlight == 1)
        async let stopped: Void = server.shutdown()
        #expect(await eventually { server.responder.draining })
        release.open()
        await stopped
        let response = try await inFlight
        #expect(response.status == 200)
        #expect(response.text.contains("<ms>700</ms>"))
        #expect(response.header("Connection")?.lowercased() == "close")
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
