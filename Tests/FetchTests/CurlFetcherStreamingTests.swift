import Testing
@testable import Fetch
import HTTPTesting

/// `CurlFetcher.stream`: a body read as it arrives from real loopback servers.
@Suite("CurlFetcher streaming", .serialized)
struct CurlFetcherStreamingTests {
    private func fetcher() throws -> CurlFetcher {
        var configuration = FetchConfiguration()
        configuration.userAgent = "gottago-test (ops@example.invalid)"
        return try CurlFetcher(configuration: configuration)
    }

    @Test("a dripping body arrives chunk by chunk, long before it is complete; cancel ends it")
    func drip() async throws {
        let faults = try FaultServer()
        defer { faults.stop() }
        let fetcher = try fetcher()
        defer { fetcher.shutdown() }
        // /drip announces 1,000 bytes and sends one every 50 ms. No total timeout: only the cancel
        // below may end it, however slowly a loaded machine lets the bytes through.
        var request = FetchRequest(url: faults.base + "/drip")
        request.totalTimeout = 0
        let stream = try await fetcher.stream(request)
        #expect(stream.head.status == 200)
        #expect(stream.head.header("Content-Length") == "1000")
        var iterator = stream.body.makeAsyncIterator()
        var chunks: [[UInt8]] = []
        while chunks.count < 4, let chunk = try await iterator.next() { chunks.append(chunk) }
        #expect(chunks.count == 4)
        #expect(chunks.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0 == UInt8(ascii: "x") } })
        #expect(chunks.joined().count < 1000)
        stream.cancel()
        let error = await #expect(throws: FetchError.self) { _ = try await iterator.next() }
        #expect(error?.kind == .cancelled)
    }

    // Without a total timeout, a lost resume would stall the transfer: the time limit makes that a
    // failure, not a hang.
    @Test("a whole body through a one-byte buffer: every pause resumed, nothing lost or reordered", .timeLimit(.minutes(1)))
    func backpressure() async throws {
        try await TestUpstream.with { upstream in
            let fetcher = try fetcher()
            defer { fetcher.shutdown() }
            // Under the server's 64 KiB request body limit; echoed back in several 16 KiB writes.
            let sent = Array((0..<6_000).map { "line \($0)\n" }.joined().utf8)
            var request = FetchRequest(method: "POST", url: upstream.base + "/echo", body: sent)
            request.headers = [("X-Test", "streamed")]
            request.totalTimeout = 0
            let echo = try await fetcher.stream(request, bufferBytes: 1)
            #expect(echo.head.status == 200)
            #expect(echo.head.header("Content-Encoding") == nil)
            var received: [UInt8] = []
            var chunks = 0
            for try await chunk in echo.body {
                received += chunk
                chunks += 1
            }
            let expected = Array("POST streamed ".utf8) + sent
            #expect(received.count == expected.count)
            #expect(received == expected, "the echoed body differs")
            #expect(chunks > 1)
            // Volume: 4 MB, far more than the buffer, every chunk a pause and a resume. No total
            // timeout: the whole body arrives however slowly a loaded machine lets it through.
            var bigRequest = FetchRequest(url: upstream.base + "/big?bytes=4000000")
            bigRequest.totalTimeout = 0
            let big = try await fetcher.stream(bigRequest, bufferBytes: 1)
            var count = 0, others = 0
            for try await chunk in big.body {
                count += chunk.count
                others += chunk.count { $0 != UInt8(ascii: "x") }
            }
            #expect(count == 4_000_000)
            #expect(others == 0)
        }
    }

    @Test("a cancelled reader gets cancelled, and the fetcher goes on serving")
    func taskCancellation() async throws {
        let faults = try FaultServer()
        defer { faults.stop() }
        let fetcher = try fetcher()
        defer { fetcher.shutdown() }
        let stream = try await fetcher.stream(FetchRequest(url: faults.base + "/drip"))
        let (started, signal) = AsyncStream.makeStream(of: Void.self)
        let reader = Task { () throws -> Int in
            var count = 0
            for try await chunk in stream.body {
                count += chunk.count
                signal.yield()
            }
            return count
        }
        var waiting = started.makeAsyncIterator()
        _ = await waiting.next()
        reader.cancel()
        let outcome = await reader.result
        let error = #expect(throws: FetchError.self) { try outcome.get() }
        #expect(error?.kind == .cancelled)
        try await TestUpstream.with { upstream in
            let after = try await fetcher.stream(FetchRequest(url: upstream.base + "/ok"))
            var body: [UInt8] = []
            for try await chunk in after.body { body += chunk }
            #expect(String(decoding: body, as: UTF8.self) == "hello")
        }
    }

    @Test("redirects are followed as fetch follows them")
    func redirects() async throws {
        try await TestUpstream.with { upstream in
            let fetcher = try fetcher()
            defer { fetcher.shutdown() }
            let moved = try await fetcher.stream(FetchRequest(url: upstream.base + "/redirect-to?url=/ok"))
            #expect(moved.head.status == 200)
            #expect(moved.head.redirects == 1)
            #expect(moved.head.url == upstream.base + "/ok")
            var body: [UInt8] = []
            for try await chunk in moved.body { body += chunk }
            #expect(String(decoding: body, as: UTF8.self) == "hello")
            let loop = await #expect(throws: FetchError.self) { _ = try await fetcher.stream(FetchRequest(url: upstream.base + "/redirect/0")) }
            #expect(loop?.kind == .tooManyRedirects)
            let foreign = await #expect(throws: FetchError.self) {
                _ = try await fetcher.stream(FetchRequest(url: upstream.base + "/redirect-to?url=http://upstream.invalid/x"))
            }
            #expect(foreign?.kind == .redirectRefused)
        }
    }

    @Test("failures: before the head from stream(), after it from the body")
    func failures() async throws {
        let faults = try FaultServer()
        defer { faults.stop() }
        let fetcher = try fetcher()
        defer { fetcher.shutdown() }
        let refused = await #expect(throws: FetchError.self) { _ = try await fetcher.stream(FetchRequest(url: "http://127.0.0.1:1/x")) }
        #expect(refused?.kind == .unreachable)
        let invalid = await #expect(throws: FetchError.self) { _ = try await fetcher.stream(FetchRequest(url: "ftp://127.0.0.1/x")) }
        #expect(invalid?.kind == .invalidURL)
        // /cut sends 500 of 1,000 announced bytes, then closes.
        let cut = try await fetcher.stream(FetchRequest(url: faults.base + "/cut"))
        #expect(cut.head.status == 200)
        var received = 0
        let error = await #expect(throws: FetchError.self) {
            for try await chunk in cut.body { received += chunk.count }
        }
        #expect(error?.kind == .truncated)
        #expect(received == 500)
        try await TestUpstream.with { upstream in
            // An encoded body the stream did not ask for is refused, not passed on.
            let encoded = await #expect(throws: FetchError.self) { _ = try await fetcher.stream(FetchRequest(url: upstream.base + "/gzip-truncated")) }
            #expect(encoded?.kind == .badEncoding)
        }
    }
}
