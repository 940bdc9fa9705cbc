import Fetch
import HTTPTesting
import Store
import Testing
@testable import Upstream

/// What an upstream client reports about itself: last success and failure, the breaker, the
/// secret header sent and never shown.
@Suite("Upstream status", .serialized)
struct UpstreamStatusTests {
    private func client(_ clock: TestClock, policy: (inout UpstreamPolicy) -> Void = { _ in }) throws -> UpstreamClient {
        var settings = UpstreamPolicy()
        policy(&settings)
        return UpstreamClient(
            name: "test", fetcher: try CurlFetcher(), cache: MemoryCache(now: { clock.now }), policy: settings, now: { clock.now })
    }

    @Test("the last success and the last failure keep their time and code or status")
    func outcomes() async throws {
        try await TestUpstream.with { upstream in
            let route = try FeedRoute.load()
            let clock = TestClock()
            let client = try client(clock)
            #expect(client.outcomes.lastSuccess == nil && client.outcomes.lastFailure == nil)
            _ = try await client.extract(route, parameters: ["port": "\(upstream.port)"])
            let success = try #require(client.outcomes.lastSuccess)
            #expect(success == UpstreamOutcomes.Outcome(at: clock.now, code: "ok", status: 200))
            clock.advance(seconds: 1)
            await #expect(throws: UpstreamFailure.self) { try await client.extract(route, parameters: ["port": "\(upstream.port)", "status": "500"]) }
            #expect(client.outcomes.lastFailure == UpstreamOutcomes.Outcome(at: clock.now, code: "upstream_error", status: 500))
            clock.advance(seconds: 1)
            await #expect(throws: UpstreamFailure.self) { try await client.extract(route, parameters: ["port": "\(upstream.port)", "path": "garbage"]) }
            #expect(client.outcomes.lastFailure == UpstreamOutcomes.Outcome(at: clock.now, code: "malformed_response", status: 200))
            #expect(client.outcomes.lastSuccess == success)
            // The answer's fields were counted where it was extracted.
            #expect(client.fillRates.fill(of: route).fields.map(\.filled) == [1])
        }
    }

    @Test("the breaker reads closed with its failures, open, then half-open once the cooldown is over")
    func breaker() async throws {
        try await TestUpstream.with { upstream in
            let route = try FeedRoute.load()
            let clock = TestClock()
            let client = try client(clock) { $0.breakerThreshold = 2; $0.breakerCooldown = 30 }
            #expect(client.breaker.position == .closed && client.breaker.failures == 0)
            _ = try? await client.extract(route, parameters: ["port": "\(upstream.port)", "status": "502", "ms": "1"])
            #expect(client.breaker.position == .closed && client.breaker.failures == 1)
            _ = try? await client.extract(route, parameters: ["port": "\(upstream.port)", "status": "502", "ms": "2"])
            #expect(client.breaker.position == .open)
            clock.advance(seconds: 30)
            #expect(client.breaker.position == .halfOpen)
            _ = try await client.extract(route, parameters: ["port": "\(upstream.port)"])
            #expect(client.breaker.position == .closed && client.breaker.failures == 0)
        }
    }

    @Test("the secret header goes to the upstream as sent, replacing the route's own, and no printed form shows it")
    func secretHeader() async throws {
        let upstream = try StandInUpstream(body: Array("<r><item n=\"1\"/></r>".utf8))
        let route = try FeedRoute.load()
        let token = "tok-\(UInt64.random(in: 0..<UInt64.max))"
        let client = try client(TestClock()) { $0.secretHeader = .bearer(token) }
        _ = try await client.extract(route, parameters: ["port": "\(upstream.port)"])
        await upstream.shutdown()
        #expect(upstream.lastAuthorization == "Bearer \(token)")
        var policy = UpstreamPolicy()
        policy.secretHeader = .bearer(token)
        for text in [String(describing: policy), String(reflecting: policy), "\(policy.secretHeader!)", String(reflecting: client.settings)] {
            #expect(!text.contains(token), "\(text)")
        }
        #expect(client.settings.secretHeader?.name == "Authorization")
        #expect(client.settings.secretHeader?.value == "")
        #expect(policy.sending([("authorization", "Bearer old"), ("Accept", "x")]).map(\.name) == ["Accept", "Authorization"])
        #expect(UpstreamPolicy().sending([("A", "1")]).map(\.value) == ["1"])
    }

    @Test("the hosts are the origin's, or those of the routes' URLs")
    func hosts() {
        #expect(UpstreamStatus.host(of: "https://api.opentransportdata.swiss/ojp20") == "api.opentransportdata.swiss")
        #expect(UpstreamStatus.host(of: "http://127.0.0.1:8080") == "127.0.0.1:8080")
        #expect(UpstreamStatus.host(of: "http://user:pw@example.org:81/x?y#z") == "example.org:81")
    }
}
