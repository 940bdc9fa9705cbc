import Fetch
import HTTPTesting
import Store
import Synchronization
import Testing
@testable import Upstream

/// An upstream that refuses (403 for a missing User-Agent or key), says its interface is deprecated
/// (met.no's 203) or asks us to slow down (429, with or without `Retry-After`): each a clear error
/// naming the upstream, a log line, and nothing cached.
@Suite("Upstream refusals", .serialized)
struct RefusalTests {
    final class Lines: Sendable {
        private let lines = Mutex<[String]>([])
        func add(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    @Test("403, 401 and 203: an error document naming the upstream, a log line, and the next request asks again", arguments: [
        (403, "upstream_forbidden"), (401, "upstream_forbidden"), (203, "upstream_deprecated"),
    ])
    func refusedAndDeprecated(status: Int, code: String) async throws {
        try await TestUpstream.with { upstream in
            let route = try FeedRoute.load()
            let clock = TestClock()
            let lines = Lines()
            let client = UpstreamClient(
                name: "metno", fetcher: try CurlFetcher(), cache: MemoryCache(now: { clock.now }), policy: UpstreamPolicy(), now: { clock.now },
                log: { lines.add($0) })
            upstream.feedStatus.value = status
            for attempt in 1...2 {
                await #expect {
                    _ = try await client.extract(route, parameters: ["port": "\(upstream.port)"])
                } throws: { error in
                    let failure = error as? UpstreamFailure
                    return failure?.code == code && failure?.upstream == "metno" && failure?.message.hasPrefix("metno ") == true
                }
                // Nothing was kept: every request goes to the upstream.
                #expect(upstream.hits.value == attempt)
            }
            #expect(lines.all.count == 2)
            #expect(lines.all.allSatisfy { $0.hasPrefix("metno: \(code) (HTTP \(status)) for feed") })
            // Once it answers again, so do we.
            upstream.feedStatus.value = 0
            #expect(try await client.extract(route, parameters: ["port": "\(upstream.port)"]).provenance.source == .miss)
        }
    }

    @Test("429 pauses the upstream for its Retry-After, or 30 s without one; nothing is asked meanwhile")
    func tooManyRequests() async throws {
        try await TestUpstream.with { upstream in
            let route = try FeedRoute.load()
            let clock = TestClock()
            let client = UpstreamClient(
                name: "ojp", fetcher: try CurlFetcher(), cache: MemoryCache(now: { clock.now }), policy: UpstreamPolicy(), now: { clock.now })
            for (retryAfter, pause) in [("7", 7), ("", 30)] {
                await #expect {
                    _ = try await client.extract(route, parameters: ["port": "\(upstream.port)", "status": "429", "retry_after": retryAfter])
                } throws: { error in
                    let failure = error as? UpstreamFailure
                    return failure?.code == "upstream_paused" && failure?.retryAfter == pause
                }
                let hits = upstream.hits.value
                // Paused: refused here without a request, until the pause is over.
                await #expect {
                    _ = try await client.extract(route, parameters: ["port": "\(upstream.port)", "ms": "1"])
                } throws: { error in
                    let failure = error as? UpstreamFailure
                    return failure?.code == "upstream_paused" && failure?.retryAfter == pause
                }
                #expect(upstream.hits.value == hits)
                clock.advance(seconds: Double(pause))
                #expect(try await client.extract(route, parameters: ["port": "\(upstream.port)", "ms": "\(pause)"]).provenance.source == .miss)
            }
        }
    }
}
