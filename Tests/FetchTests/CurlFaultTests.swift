import Testing
@testable import Fetch
import HTTPTesting

/// Each fault made to happen on loopback, and the kind and words the fetcher gives it: what
/// libcurl 7.88 really returns, not a table fed with numbers.
@Suite("libcurl faults", .serialized)
struct CurlFaultTests {
    private func failure(_ url: String, timeout: Double = 5) async throws -> FetchError? {
        var configuration = FetchConfiguration()
        configuration.totalTimeout = timeout
        let fetcher = try CurlFetcher(configuration: configuration)
        defer { fetcher.shutdown() }
        do {
            _ = try await fetcher.fetch(FetchRequest(url: url))
            return nil
        } catch {
            return error
        }
    }

    @Test("a fault at the socket or in the reply gets its own kind, with libcurl's words and code", arguments: [
        ("/not-http", FetchError.Kind.notHTTP, "Received HTTP/0.9 when not allowed (libcurl error 1)"),
        ("/bad-status", .notHTTP, "Unsupported HTTP version in response (libcurl error 1)"),
        ("/no-colon", .badHTTP, "Header without colon (libcurl error 8)"),
        ("/bad-chunk", .badHTTP, "Illegal or missing hexadecimal sequence in chunked-encoding (libcurl error 56)"),
        ("/reset", .connectionLost, "Recv failure: Connection reset by peer (libcurl error 56)"),
        ("/nothing", .emptyReply, "Empty reply from server (libcurl error 52)"),
        ("/cut", .truncated, "transfer closed with 500 bytes remaining to read (libcurl error 18)"),
        ("/huge-header", .tooLarge, "Out of memory (libcurl error 27)"),
    ])
    func replyFaults(path: String, kind: FetchError.Kind, message: String) async throws {
        let faults = try FaultServer()
        defer { faults.stop() }
        let error = try await failure(faults.base + path)
        #expect(error?.kind == kind)
        #expect(error?.message == message)
        #expect(error?.url == faults.base + path)
    }

    @Test("a body that drips past the timeout")
    func timeout() async throws {
        let faults = try FaultServer()
        defer { faults.stop() }
        let error = try await failure(faults.base + "/drip", timeout: 0.5)
        #expect(error?.kind == .timeout)
        #expect(error?.message.hasPrefix("Operation timed out after ") == true)
        #expect(error?.message.hasSuffix("(libcurl error 28)") == true)
    }

    @Test("nobody listening, and a name no resolver can resolve")
    func unreachable() async throws {
        let refused = try await failure("http://127.0.0.1:1/x")
        #expect(refused?.kind == .unreachable)
        #expect(refused?.message.hasSuffix("Couldn't connect to server (libcurl error 7)") == true)
        // A label over 63 bytes: the resolver refuses the name before asking any server, so no
        // query leaves the machine.
        let host = String(repeating: "a", count: 64) + ".invalid"
        let unresolved = try await failure("http://\(host)/x")
        #expect(unresolved?.kind == .nameNotResolved)
        #expect(unresolved?.message == "Could not resolve host: \(host) (libcurl error 6)")
    }

    @Test("a TLS alert in answer to our hello")
    func tlsHandshake() async throws {
        let faults = try FaultServer()
        defer { faults.stop() }
        let error = try await failure("https://127.0.0.1:\(faults.port)/x")
        #expect(error?.kind == .tls)
        #expect(error?.message.contains("alert handshake failure") == true)
        #expect(error?.message.hasSuffix("(libcurl error 35)") == true)
    }

    @Test("a certificate nobody vouches for", .enabled(if: SelfSignedTLSServer.isAvailable, "needs /usr/bin/openssl"))
    func certificate() async throws {
        let server = try await offPool { try SelfSignedTLSServer() }
        defer { server.stop() }
        let error = try await failure("https://127.0.0.1:\(server.port)/")
        #expect(error?.kind == .certificate)
        #expect(error?.message == "SSL certificate problem: self-signed certificate (libcurl error 60)")
    }

    @Test("a gzip body cut short, and a redirect loop: the fetcher's own checks")
    func decodingAndRedirects() async throws {
        try await TestUpstream.with { upstream in
            let truncated = try await failure(upstream.base + "/gzip-truncated")
            #expect(truncated?.kind == .badEncoding)
            let loop = try await failure(upstream.base + "/redirect/0")
            #expect(loop?.kind == .tooManyRedirects)
            #expect(loop?.message == "more than 3 redirects")
        }
    }
}
