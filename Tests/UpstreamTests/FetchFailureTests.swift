import Fetch
import HTTPTesting
import Store
import Synchronization
import Testing
@testable import Upstream

/// An upstream that fails below HTTP: the client hears what happened in our words, the log
/// gets libcurl's.
@Suite("Upstream fetch failures", .serialized)
struct FetchFailureTests {
    final class Lines: Sendable {
        private let lines = Mutex<[String]>([])
        func add(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    @Test("each fault is described as it happened", arguments: [
        ("not-http", "upstream_error", "osrm answered with something that is not HTTP.", "not_http): Received HTTP/0.9 when not allowed"),
        ("no-colon", "upstream_error", "osrm sent a malformed HTTP response.", "bad_http): Header without colon"),
        ("nothing", "upstream_unreachable", "osrm closed the connection without answering.", "empty_reply): Empty reply from server"),
        ("cut", "upstream_unreachable", "osrm closed the connection before its answer was complete.", "truncated): transfer closed with 500 bytes"),
        ("reset", "upstream_unreachable", "The connection to osrm broke before its answer was complete.", "connection_lost): Recv failure"),
    ])
    func faults(path: String, code: String, message: String, logged: String) async throws {
        let faults = try FaultServer()
        defer { faults.stop() }
        let route = try FeedRoute.load()
        let clock = TestClock()
        let lines = Lines()
        var policy = UpstreamPolicy()
        policy.retries = 0
        let client = UpstreamClient(
            name: "osrm", fetcher: try CurlFetcher(), cache: MemoryCache(now: { clock.now }), policy: policy, now: { clock.now },
            log: { lines.add($0) })
        let failure = try await #require(throws: UpstreamFailure.self) {
            try await client.extract(route, parameters: ["port": "\(faults.port)", "path": path])
        }
        #expect(failure.code == code)
        #expect(failure.message == message)
        #expect(lines.all.count == 1)
        #expect(lines.all.first?.hasPrefix("osrm: \(code) (\(logged)") == true, "\(lines.all)")
        #expect(client.outcomes.lastFailure?.code == code)
    }

    @Test("a host name that does not resolve, and a port nobody listens on")
    func unreachable() async throws {
        let route = try FeedRoute.load()
        let clock = TestClock()
        var policy = UpstreamPolicy()
        policy.retries = 0
        // A label over 63 bytes: refused by the resolver before any query leaves the machine.
        policy.origin = "http://" + String(repeating: "a", count: 64) + ".invalid"
        let unresolved = UpstreamClient(
            name: "osrm", fetcher: try CurlFetcher(), cache: MemoryCache(now: { clock.now }), policy: policy, now: { clock.now })
        let failure = try await #require(throws: UpstreamFailure.self) {
            try await unresolved.extract(route, parameters: ["port": "1"])
        }
        #expect(failure.code == "upstream_unreachable")
        #expect(failure.message == "osrm's host name could not be resolved.")
        policy.origin = "http://127.0.0.1:1"
        let refused = UpstreamClient(
            name: "osrm", fetcher: try CurlFetcher(), cache: MemoryCache(now: { clock.now }), policy: policy, now: { clock.now })
        let second = try await #require(throws: UpstreamFailure.self) {
            try await refused.extract(route, parameters: ["port": "1"])
        }
        #expect(second.code == "upstream_unreachable")
        #expect(second.message == "osrm could not be reached.")
    }
}
