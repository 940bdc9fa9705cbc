import Foundation
import HTTPTesting
import Testing
@testable import Server

/// Limits and methods against the real server, each answered with its status and an error document.
@Suite("Live server: limits and methods")
struct LiveServerLimitsTests {
    @Test("a request target over 8 KiB is answered 414 with an error document")
    func uriTooLong() async throws {
        try await LiveServer.with(routes: TestRoutes.all) { live in
            let response = try await live.get("/echo/" + String(repeating: "a", count: 9000))
            #expect(response.status == 414)
            #expect(response.text.contains("<code>uri_too_long</code>"))
            let fits = try await live.get("/echo/" + String(repeating: "a", count: 8000))
            #expect(fits.status == 200)
        }
    }

    @Test("header fields over 16 KiB in all are answered 431")
    func headersTooLarge() async throws {
        try await LiveServer.with(routes: TestRoutes.all) { live in
            let headers = (0..<5).map { ("X-Filler-\($0)", String(repeating: "h", count: 4000)) }
            let response = try await live.get("/hello", headers: headers)
            #expect(response.status == 431)
            #expect(response.text.contains("<code>headers_too_large</code>"))
            let fits = try await live.get("/hello", headers: Array(headers.prefix(3)))
            #expect(fits.status == 200)
            // Far past the limit, in one read: our 431, and no hang.
            let port = live.port
            let huge = Array("GET /hello HTTP/1.1\r\nHost: x\r\nX-Huge: \(String(repeating: "h", count: 60_000))\r\n\r\n".utf8)
            let raw = try await offPool { try RawHTTP.exchange(port: port, request: huge, expectBody: true) }
            #expect(raw.status == 431)
            #expect(String(decoding: raw.body, as: UTF8.self).contains("<code>headers_too_large</code>"))
            let after = try await live.get("/hello")
            #expect(after.status == 200)
        }
    }

    @Test("a body over 64 KiB is answered 413, by declared length and by chunked stream")
    func bodyTooLarge() async throws {
        try await LiveServer.with(routes: TestRoutes.all) { live in
            let small = try await live.get("/upload", method: "POST", body: [UInt8](repeating: 65, count: 1000))
            #expect(small.status == 200)
            #expect(small.text.contains("<bytes>1000</bytes>"))
            let big = try await live.get("/upload", method: "POST", body: [UInt8](repeating: 65, count: 70_000))
            #expect(big.status == 413)
            #expect(big.text.contains("<code>content_too_large</code>"))

            var chunked = Array("POST /upload HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
            for _ in 0..<20 {
                chunked += Array("1000\r\n".utf8) + [UInt8](repeating: 66, count: 4096) + Array("\r\n".utf8)
            }
            chunked += Array("0\r\n\r\n".utf8)
            let request = chunked
            let port = live.port
            let raw = try await offPool { try RawHTTP.exchange(port: port, request: request, expectBody: true) }
            #expect(raw.status == 413)
        }
    }

    @Test("an unknown method is 405 with Allow; HEAD is GET without a body")
    func methods() async throws {
        try await LiveServer.with(routes: TestRoutes.all) { live in
            let brew = try await live.get("/hello", method: "BREW")
            #expect(brew.status == 405)
            #expect(brew.header("Allow") == "GET, HEAD, OPTIONS")
            #expect(brew.text.contains("<code>method_not_allowed</code>"))
            let delete = try await live.get("/hello", method: "DELETE")
            #expect(delete.status == 405)

            let get = try await live.get("/big")
            let head = try await live.get("/big", method: "HEAD")
            #expect(head.status == 200)
            #expect(head.body.isEmpty)
            #expect(head.header("Content-Length") == get.header("Content-Length"))
            #expect(head.header("ETag") == get.header("ETag"))
            #expect(head.header("Content-Type") == get.header("Content-Type"))
        }
    }

    @Test("CORS: every response allows any origin; OPTIONS answers the preflight")
    func cors() async throws {
        try await LiveServer.with(routes: TestRoutes.all) { live in
            let preflight = try await live.get("/hello", method: "OPTIONS", headers: [
                ("Origin", "https://example.org"),
                ("Access-Control-Request-Method", "GET"),
                ("Access-Control-Request-Headers", "x-request-id, if-none-match"),
            ])
            #expect(preflight.status == 204)
            #expect(preflight.header("Access-Control-Allow-Origin") == "*")
            #expect(preflight.header("Access-Control-Allow-Methods") == "GET, HEAD, OPTIONS")
            #expect(preflight.header("Access-Control-Allow-Headers") == "x-request-id, if-none-match")
            #expect(preflight.header("Access-Control-Max-Age") == "86400")
            let get = try await live.get("/hello", headers: [("Origin", "https://example.org")])
            #expect(get.header("Access-Control-Allow-Origin") == "*")
            #expect(get.header("Access-Control-Expose-Headers")?.contains("ETag") == true)
            let odd = try await live.get("/hello", method: "OPTIONS", headers: [
                ("Origin", "https://example.org"), ("Access-Control-Request-Headers", "x-a\u{7F}, set-cookie: 1"),
            ])
            // DEL is no field-vchar (RFC 9110 §5.5): llhttp refuses the field line.
            #expect(odd.status == 400 && odd.text.contains("<code>invalid_header</code>"))
            let missing = try await live.get("/nowhere", method: "OPTIONS")
            #expect(missing.status == 404)
        }
    }

    @Test("a kept-alive connection is closed at the idle timeout after its answer, not before", .timeLimit(.minutes(2)))
    func idleTimeout() async throws {
        try await LiveServerEdgeTests.withManualClock(idleTimeout: 15) { live, clock in
            let fd = try RawHTTP.openIdle(port: live.port)
            defer { RawHTTP.close(fd) }
            try RawHTTP.write(fd, Array("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
            let answer = try await offPool { RawHTTP.readSome(fd, within: 60) }
            #expect(answer.map { String(decoding: $0, as: UTF8.self).hasPrefix("HTTP/1.1 200") } == true)
            #expect(try await LiveServerEdgeTests.until(live) { $0.open == 1 && $0.readingHead == 0 }.readingHead == 0)
            await LiveServerEdgeTests.pass(15, live, clock, holding: \.open)
            #expect(try await offPool { RawHTTP.isClosedByPeer(fd, within: 60) })
            #expect(live.server.metrics.headTimeoutCount == 0)
        }
    }

    @Test("a connection over the per-client limit is closed at once; one over the total limit gets a 503 document")
    func connectionLimits() async throws {
        // The held connections send nothing: neither the idle timeout nor the head deadline may end
        // them while a loaded machine is slow to get round to the test's next step.
        try await LiveServer.with(routes: TestRoutes.all, configure: {
            $0.limits.maxConnectionsPerClient = 4
            $0.limits.idleTimeout = 600
            $0.limits.headerTimeout = 600
        }) { live in
            let refused = try await Self.requestWhileHolding(4, connectionsTo: live)
            #expect(refused == nil)
            #expect(live.server.metrics.exposition().contains("gottago_http_rejected_connections_total 1"))
            // Once they are gone, the same client is served again.
            #expect(try await Self.waitForOpenConnections(0, on: live))
            let status200 = try await live.get("/hello").status
            #expect(status200 == 200)
        }
        try await LiveServer.with(routes: TestRoutes.all, configure: {
            $0.limits.maxConnections = 2
            $0.limits.idleTimeout = 600
            $0.limits.headerTimeout = 600
        }) { live in
            let rejected = try #require(try await Self.requestWhileHolding(2, connectionsTo: live))
            #expect(rejected.status == 503)
            #expect(rejected.text.contains("<code>too_many_connections</code>"))
            #expect(rejected.header("Retry-After") == "1")
        }
    }

    /// Opens `count` idle connections, waits until the server counts them, then sends one request
    /// on a further connection; nil if the server closed that one without an answer.
    static func requestWhileHolding(_ count: Int, connectionsTo live: LiveServer) async throws -> RawResponse? {
        let port = live.port
        let held = try await offPool { try (0..<count).map { _ in try RawHTTP.openIdle(port: port) } }
        defer { held.forEach(RawHTTP.close) }
        #expect(try await waitForOpenConnections(count, on: live))
        return try await offPool { () -> RawResponse? in
            do {
                return try RawHTTP.exchange(port: port, request: Array("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
            } catch let error as HTTPTestError where error.kind == .emptyReply {
                return nil
            }
        }
    }

    /// Waits until the server has `count` connections open; the test's time limit guards a hang.
    static func waitForOpenConnections(_ count: Int, on live: LiveServer) async throws -> Bool {
        while live.server.metrics.connectionsOpen != count { await Task.yield() }
        return true
    }

    static let malformed: [(request: String, status: Int?)] = [
        ("GET /hello HTTP/1.0\r\n\r\n", 200),
        ("GET http://example.org/hello?pretty=1 HTTP/1.1\r\nHost: example.org\r\n\r\n", 200),
        ("GET / HTTP/9.9\r\n\r\n", 505),
        ("GET /hello HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n", 400),
        ("GET /hello HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999\r\n\r\n", 413),
        ("POST /upload HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", 400),
        ("GET\r\n\r\n", nil),
    ]

    @Test("malformed requests get a status or a closed connection, never a crash", arguments: malformed)
    func malformedRequests(request: String, status: Int?) async throws {
        try await LiveServer.with(routes: TestRoutes.all) { live in
            let port = live.port
            let bytes = Array(request.utf8)
            let raw = try? await offPool { try RawHTTP.exchange(port: port, request: bytes, expectBody: true, timeout: 2) }
            if let status { #expect(raw?.status == status) }
            let after = try await live.get("/hello")
            #expect(after.status == 200)
        }
    }

    @Test("random bytes on many connections leave the server healthy")
    func randomBytes() async throws {
        try await LiveServer.with(routes: TestRoutes.all) { live in
            let port = live.port
            try await offPool {
                var generator = SplitMix64(seed: 42)
                for _ in 0..<200 {
                    let count = Int(generator.next() % 400) + 1
                    // Ending each head, so that the server judges it now rather than waiting for more.
                    let bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) } + Array("\r\n\r\n".utf8)
                    _ = try? RawHTTP.exchange(port: port, request: bytes, expectBody: true, timeout: 0.3)
                }
            }
            let after = try await live.get("/hello")
            #expect(after.status == 200)
            #expect(live.server.metrics.requestsInFlight <= 1)
        }
    }
}
