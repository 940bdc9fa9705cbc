#if canImport(Glibc)
import Glibc
#endif
import HTTPTesting
import Testing
@testable import Server

/// The HTTP edge against a hostile client, on the real server with raw sockets:
/// request framing, connection places, the head deadline, many small headers and `Expect`.
@Suite("Live server: the HTTP edge")
struct LiveServerEdgeTests {
    /// Sends `request` on a new connection and returns everything the server sends until it
    /// closes the connection (nil if it is still open after `within` seconds).
    static func sendAndReadToClose(_ port: Int, _ request: String, within seconds: Double = 30) async throws -> String? {
        try await offPool {
            let fd = try RawHTTP.openIdle(port: port)
            defer { RawHTTP.close(fd) }
            try RawHTTP.write(fd, Array(request.utf8))
            return RawHTTP.readUntilClosed(fd, within: seconds).map { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// The status lines in a stream of responses.
    static func statusLines(_ text: String) -> [String] {
        text.split(separator: "\r\n", omittingEmptySubsequences: false).filter { $0.hasPrefix("HTTP/1.") }.map(String.init)
    }

    @Test("differing Content-Length fields are answered 400 and the connection closes before the smuggled request")
    func conflictingLengths() async throws {
        try await LiveServer.with(routes: TestRoutes.all) { live in
            let smuggling = "POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nContent-Length: 38\r\n\r\n"
                + "GET /hello HTTP/1.1\r\nHost: x\r\nX: abcdef\r\n\r\n"
            let text = try #require(try await Self.sendAndReadToClose(live.port, smuggling))
            #expect(Self.statusLines(text) == ["HTTP/1.1 400 Bad Request"])
            #expect(text.contains("<code>invalid_framing</code>"))
            #expect(!text.contains("<hello>"))
        }
    }

    @Test("Content-Length with Transfer-Encoding: chunked is refused, and then the connection closes")
    func bothFramings() async throws {
        try await LiveServer.with(routes: TestRoutes.all) { live in
            let request = "POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "3\r\nabc\r\n0\r\n\r\nGET /hello HTTP/1.1\r\nHost: x\r\n\r\n"
            let text = try #require(try await Self.sendAndReadToClose(live.port, request))
            // Two framings are how requests are smuggled past a proxy that reads the other one (RFC 9112 §6.1).
            #expect(Self.statusLines(text) == ["HTTP/1.1 400 Bad Request"])
            #expect(text.contains("<code>invalid_framing</code>"))
            #expect(text.lowercased().contains("connection: close"))
            #expect(!text.contains("<hello>"))
        }
    }

    @Test("a transfer coding other than chunked is refused at once, without waiting for a body", arguments: [
        ("gzip, chunked", "HTTP/1.1", "501 Not Implemented", "unsupported_transfer_coding"),
        ("chunked, gzip", "HTTP/1.1", "400 Bad Request", "invalid_framing"),
        ("chunked", "HTTP/1.0", "400 Bad Request", "invalid_framing"),
    ])
    func transferCodings(_ coding: String, _ version: String, _ status: String, _ code: String) async throws {
        try await LiveServer.with(routes: TestRoutes.all) { live in
            let request = "POST /upload \(version)\r\nHost: x\r\nTransfer-Encoding: \(coding)\r\n\r\n0\r\n\r\nGET /hello HTTP/1.1\r\nHost: x\r\n\r\n"
            let text = try #require(try await Self.sendAndReadToClose(live.port, request))
            #expect(Self.statusLines(text) == ["HTTP/1.1 \(status)"])
            #expect(text.contains("<code>\(code)</code>"))
        }
    }

    @Test("slow connections from one address cannot take the places another address needs")
    func connectionPlacesPerAddress() async throws {
        try await LiveServer.with(routes: TestRoutes.all, configure: {
            $0.limits.maxConnections = 30
            $0.limits.maxConnectionsPerClient = 5
            $0.limits.headerTimeout = 600
            $0.limits.idleTimeout = 600
        }) { live in
            let port = live.port
            // 40 connections from 127.0.0.1 that each send a byte of a head and then nothing.
            let descriptors = try await offPool { try (0..<40).map { _ in try RawHTTP.openIdle(port: port) } }
            defer { for fd in descriptors { RawHTTP.close(fd) } }
            let closed = try await offPool { () -> Set<Int32> in
                // A connection turned away is closed before it is read; the write may still succeed.
                for fd in descriptors { _ = try? RawHTTP.write(fd, Array("G".utf8)) }
                return RawHTTP.waitUntilClosed(descriptors, count: 35, within: 60)
            }
            #expect(closed.count == 35)
            #expect(live.server.metrics.connectionsOpen == 5)
            let other = try await offPool {
                try RawHTTP.exchange(port: port, from: "127.0.0.2", request: Array("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
            }
            #expect(other.status == 200)
            #expect(other.text.contains("<hello>"))
        }
    }

    @Test("a client that sends its requests and closes its side gets every answer, then the close",
          arguments: [1, 3])
    func halfClosedClient(requests: Int) async throws {
        // With an idle timeout of ten minutes, a close within the test's minute can only come
        // from the server having seen the client's end, sent together with the requests.
        try await LiveServer.with(routes: TestRoutes.all, configure: { $0.limits.idleTimeout = 600 }) { live in
            let port = live.port
            let received = try await offPool { () -> [UInt8]? in
                let fd = try RawHTTP.openIdle(port: port)
                defer { RawHTTP.close(fd) }
                let request = Array("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
                try RawHTTP.write(fd, Array((0..<requests).map { _ in request }.joined()))
                shutdown(fd, Int32(SHUT_WR))
                return RawHTTP.readUntilClosed(fd, within: 60)
            }
            let text = String(decoding: try #require(received, "the connection stayed open"), as: UTF8.self)
            #expect(text.components(separatedBy: "HTTP/1.1 200 OK").count - 1 == requests)
            #expect(text.components(separatedBy: "<hello>").count - 1 == requests)
        }
    }

    /// Waits until the server's connections are as `expected` says: each census is the loops'
    /// answer from their own threads, so this waits for them, not for a time (the test's time
    /// limit bounds it).
    static func until(_ live: LiveServer, _ expected: @Sendable (ConnectionCensus) -> Bool) async throws -> ConnectionCensus {
        var census = await live.server.census()
        while !expected(census) {
            try Task.checkCancellation()
            await Task.yield()
            census = await live.server.census()
        }
        return census
    }

    /// A server whose deadlines are read off a clock the test moves.
    static func withManualClock(
        headerTimeout: Double = 10, idleTimeout: Int = 60, _ body: (LiveServer, DeadlineClock) async throws -> Void
    ) async throws {
        let clock = DeadlineClock.manual()
        try await LiveServer.with(routes: TestRoutes.all, configure: {
            $0.limits.headerTimeout = headerTimeout
            $0.limits.idleTimeout = idleTimeout
            $0.deadlineClock = clock
        }) { live in
            try await body(live, clock)
        }
    }

    /// Moves the clock to a second before `seconds`, where the connections that `held` counts
    /// must still be there, and then past it.
    static func pass(_ seconds: Double, _ live: LiveServer, _ clock: DeadlineClock, holding held: KeyPath<ConnectionCensus, Int>) async {
        clock.advance(seconds: seconds - 1)
        await live.server.checkDeadlines()
        #expect(await live.server.census()[keyPath: held] == 1, "cut before \(seconds) s")
        clock.advance(seconds: 2)
        await live.server.checkDeadlines()
    }

    @Test("a body that stops coming, and an answer the client stops reading, are cut at the idle timeout", .timeLimit(.minutes(2)))
    func stalledBodyAndReader() async throws {
        try await Self.withManualClock(idleTimeout: 15) { live, clock in
            let port = live.port
            // 3 of the 10 bytes declared, then nothing: held until the idle timeout, then closed.
            let stalled = try RawHTTP.openIdle(port: port)
            defer { RawHTTP.close(stalled) }
            try RawHTTP.write(stalled, Array("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nabc".utf8))
            #expect(try await Self.until(live) { $0.readingBody == 1 }.readingBody == 1)
            await Self.pass(15, live, clock, holding: \.readingBody)
            #expect(try await offPool { RawHTTP.isClosedByPeer(stalled, within: 60) })

            // Requests for a large document, pipelined and never read: the answers fill the socket,
            // the server stops reading and waits to write, the writes here block, and they fail once
            // the server has closed the connection at the idle timeout rather than hold it.
            let writer = Task {
                try await offPool { () -> Bool in
                    let fd = try RawHTTP.openIdle(port: port)
                    defer { RawHTTP.close(fd) }
                    let request = Array("GET /big HTTP/1.1\r\nHost: x\r\nX-Pad: \(String(repeating: "p", count: 900))\r\n\r\n".utf8)
                    // A write that waits 60 s for room throws: the server held the connection.
                    for _ in 0..<100_000 where try !RawHTTP.write(fd, request, timeout: 60) { return true }
                    return false
                }
            }
            #expect(try await Self.until(live) { $0.waitingToWrite == 1 }.waitingToWrite == 1)
            await Self.pass(15, live, clock, holding: \.waitingToWrite)
            #expect(try await writer.value)
            #expect(try await live.get("/hello").status == 200)
        }
    }

    @Test("a head that stops coming, or trickles in, is cut at the head deadline, the first on a connection and a later one", .timeLimit(.minutes(2)))
    func headDeadline() async throws {
        try await Self.withManualClock(headerTimeout: 10, idleTimeout: 60) { live, clock in
            let port = live.port
            // A connection that sends nothing: its first head's time counts from the accept, as nginx's.
            let silent = try RawHTTP.openIdle(port: port)
            defer { RawHTTP.close(silent) }
            #expect(try await Self.until(live) { $0.readingHead == 1 }.readingHead == 1)
            clock.advance(seconds: 11)
            await live.server.checkDeadlines()
            #expect(live.server.metrics.headTimeoutCount == 1)
            #expect(try await offPool { RawHTTP.isClosedByPeer(silent, within: 60) })
            for (round, keptAlive) in zip(1..., [false, true]) {
                let fd = try RawHTTP.openIdle(port: port)
                defer { RawHTTP.close(fd) }
                if keptAlive {
                    try RawHTTP.write(fd, Array("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
                    let answer = try await offPool { RawHTTP.readSome(fd, within: 60) }
                    #expect(answer.map { String(decoding: $0, as: UTF8.self).hasPrefix("HTTP/1.1 200") } == true)
                    // Waiting for the next request is idle time, not head time.
                    clock.advance(seconds: 30)
                    await live.server.checkDeadlines()
                    #expect(live.server.metrics.headTimeoutCount == round)
                }
                // Half a head, then a byte now and then: the deadline counts from the accept for a
                // connection's first head, from its first byte for a later one.
                try RawHTTP.write(fd, Array("GET /hello HTTP/1.1\r\nHost: x\r\nX-Slow: s".utf8))
                #expect(try await Self.until(live) { $0.readingHead == 1 }.readingHead == 1)
                for _ in 0..<3 {
                    clock.advance(seconds: 3)
                    await live.server.checkDeadlines()
                    #expect(live.server.metrics.headTimeoutCount == round, "kept alive: \(keptAlive), cut before the deadline")
                    try RawHTTP.write(fd, Array("s".utf8))
                }
                clock.advance(seconds: 2)
                await live.server.checkDeadlines()
                #expect(live.server.metrics.headTimeoutCount == round + 1, "kept alive: \(keptAlive)")
                #expect(try await offPool { RawHTTP.isClosedByPeer(fd, within: 60) }, "kept alive: \(keptAlive)")
            }
            #expect(try await live.get("/hello").status == 200)
        }
    }

    @Test("idle kept-alive connections after quick answers wait for the idle timeout, not the head deadline", .timeLimit(.minutes(2)))
    func idleKeptAlive() async throws {
        try await Self.withManualClock(headerTimeout: 10, idleTimeout: 60) { live, clock in
            let port = live.port
            let request = Array("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
            let opened = try await offPool {
                try (0..<10).map { _ -> (Int32, Bool) in
                    let fd = try RawHTTP.openIdle(port: port)
                    try RawHTTP.write(fd, request)
                    return (fd, RawHTTP.readSome(fd, within: 60).map { String(decoding: $0, as: UTF8.self).hasPrefix("HTTP/1.1 200") } ?? false)
                }
            }
            let descriptors = opened.map(\.0)
            defer { for fd in descriptors { RawHTTP.close(fd) } }
            #expect(opened.filter { $0.1 }.count == 10)
            // Five head deadlines of silence: none is cut.
            clock.advance(seconds: 50)
            await live.server.checkDeadlines()
            #expect(await live.server.census().open == 10)
            #expect(live.server.metrics.headTimeoutCount == 0)
            // Past the idle timeout: all are closed, none counted as a head timeout.
            clock.advance(seconds: 11)
            await live.server.checkDeadlines()
            let closed = try await offPool { RawHTTP.waitUntilClosed(descriptors, count: 10, within: 60) }
            #expect(closed.count == 10)
            #expect(live.server.metrics.headTimeoutCount == 0)
        }
    }

    @Test("malformed header lines that could hide a framing field are refused, and the connection closes", arguments: [
        "Content-Length : 41", "Content-Length\t: 41", "Content-Length: 41\r\n x", "Transfer-Encoding: chunked\r\n\tx",
        "X: a\rContent-Length: 41",
    ])
    func malformedFieldLines(_ line: String) async throws {
        try await LiveServer.with(routes: TestRoutes.all) { live in
            let request = "POST /upload HTTP/1.1\r\nHost: x\r\n\(line)\r\n\r\nGET /hello HTTP/1.1\r\nHost: x\r\nX: abcdef\r\n\r\n"
            let text = try #require(try await Self.sendAndReadToClose(live.port, request))
            #expect(Self.statusLines(text).count == 1)
            #expect(Self.statusLines(text).first?.hasPrefix("HTTP/1.1 400") == true)
            #expect(!text.contains("<hello>"))
        }
    }

    @Test("a long method is answered 405 without being echoed in full")
    func longMethod() async throws {
        try await LiveServer.with(routes: TestRoutes.all) { live in
            let method = String(repeating: "M", count: 5000)
            let text = try #require(try await Self.sendAndReadToClose(live.port, "\(method) /hello HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
            #expect(Self.statusLines(text) == ["HTTP/1.1 405 Method Not Allowed"])
            #expect(text.contains("Method \(String(repeating: "M", count: 32))… is not allowed"))
            #expect(!text.contains(String(repeating: "M", count: 33)))
        }
    }

    @Test("an HTTP/1.1 request without exactly one Host is answered 400")
    func hostRequired() async throws {
        try await LiveServer.with(routes: TestRoutes.all) { live in
            for head in ["GET /hello HTTP/1.1\r\n\r\n", "GET /hello HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n"] {
                let text = try #require(try await Self.sendAndReadToClose(live.port, head))
                #expect(Self.statusLines(text) == ["HTTP/1.1 400 Bad Request"])
                #expect(text.contains("<code>invalid_header</code>"))
            }
            let old = try #require(try await Self.sendAndReadToClose(live.port, "GET /hello HTTP/1.0\r\n\r\n"))
            #expect(Self.statusLines(old).first?.hasSuffix("200 OK") == true)
        }
    }

    @Test("a declared body too large to read and drop gets its 413 before it is sent")
    func oversizedBodyWithoutExpect() async throws {
        try await LiveServer.with(routes: TestRoutes.all) { live in
            let port = live.port
            let text = try await offPool { () -> String in
                let fd = try RawHTTP.openIdle(port: port)
                defer { RawHTTP.close(fd) }
                try RawHTTP.write(fd, Array("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 10000000\r\n\r\n".utf8) + [UInt8](repeating: 65, count: 10))
                return String(decoding: RawHTTP.readUntilClosed(fd, within: 30) ?? [], as: UTF8.self)
            }
            #expect(Self.statusLines(text) == ["HTTP/1.1 413 Content Too Large"])
            #expect(text.contains("<code>content_too_large</code>"))
        }
    }

    @Test("365 small header fields get the 431 document, and no head gets an empty reply")
    func manySmallHeaders() async throws {
        try await LiveServer.with(routes: TestRoutes.all) { live in
            let port = live.port
            @Sendable func head(_ count: Int) -> [UInt8] {
                Array(("GET /hello HTTP/1.1\r\nHost: x\r\n" + (0..<count).map { "X\($0): v\r\n" }.joined() + "\r\n").utf8)
            }
            let answer = try await offPool { try RawHTTP.exchange(port: port, request: head(365)) }
            #expect(answer.status == 431)
            #expect(answer.text.contains("<code>headers_too_large</code>"))
            #expect(answer.text.contains("more than 100 header fields"))
            #expect(try await offPool { try RawHTTP.exchange(port: port, request: head(99)) }.status == 200)
            // From within the limits to far past the connection's memory: always an answer.
            for count in stride(from: 90, through: 1200, by: 37) {
                let response = try await offPool { try RawHTTP.exchange(port: port, request: head(count)) }
                #expect(response.status == (count < 100 ? 200 : 431), "\(count) fields")
            }
        }
    }

    @Test("a query of thousands of arguments gets our error document, not a hang")
    func manyQueryArguments() async throws {
        try await LiveServer.with(routes: TestRoutes.all) { live in
            let port = live.port
            for count in [150, 1000, 4000] {
                let target = "/echo/a?" + Array(repeating: "a", count: count).joined(separator: "&")
                let response = try await offPool {
                    try RawHTTP.exchange(port: port, request: Array("GET \(target) HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
                }
                #expect(response.status == 400, "\(count) arguments")
                #expect(response.text.contains("<code>"), "\(count) arguments")
            }
            let echo = try await live.get("/echo/b?x=1&y=2")
            #expect(echo.text.contains("<q>1</q><q>2</q>"))
        }
    }

    @Test("Expect: 100-continue with a body known to be refused gets the refusal instead of 100 Continue", arguments: [
        ("POST /upload", 10_000_000, "HTTP/1.1 413 Content Too Large", "content_too_large"),
        ("POST /hello", 100, "HTTP/1.1 405 Method Not Allowed", "method_not_allowed"),
        ("PUT /nowhere", 100, "HTTP/1.1 404 Not Found", "not_found"),
    ])
    func expectContinueRefused(_ line: String, _ length: Int, _ status: String, _ code: String) async throws {
        try await LiveServer.with(routes: TestRoutes.all) { live in
            let request = "\(line) HTTP/1.1\r\nHost: x\r\nContent-Length: \(length)\r\nExpect: 100-continue\r\n\r\n"
            let text = try #require(try await Self.sendAndReadToClose(live.port, request))
            #expect(Self.statusLines(text) == [status])
            #expect(text.contains("<code>\(code)</code>"))
        }
    }

    @Test("Expect: 100-continue with an acceptable body gets 100 Continue, then the answer")
    func expectContinueAccepted() async throws {
        try await LiveServer.with(routes: TestRoutes.all) { live in
            let port = live.port
            let text = try await offPool { () -> String in
                let fd = try RawHTTP.openIdle(port: port)
                defer { RawHTTP.close(fd) }
                try RawHTTP.write(fd, Array("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n".utf8))
                var seen: [UInt8] = []
                // The interim answer first; the body follows only once it has arrived.
                while !String(decoding: seen, as: UTF8.self).contains("\r\n\r\n") {
                    guard let more = RawHTTP.readSome(fd, within: 30) else { break }
                    seen += more
                }
                try RawHTTP.write(fd, Array("hello".utf8))
                return String(decoding: seen + (RawHTTP.readUntilClosed(fd, within: 30) ?? []), as: UTF8.self)
            }
            #expect(Self.statusLines(text) == ["HTTP/1.1 100 Continue", "HTTP/1.1 200 OK"])
            #expect(text.contains("<bytes>5</bytes>"))
        }
    }
}
