import Fetch
import HTTPTesting
import Scrape
import Store
import Synchronization
import Testing
@testable import Upstream

/// Requests in line for a slot of an upstream that hangs: each waits while at least a tenth of
/// its deadline (the upstream's timeout) is left at most, then gets 503 `upstream_busy` without
/// being sent.
@Suite("Upstream slot deadlines", .serialized)
struct SlotDeadlineTests {
    final class Lines: Sendable {
        private let lines = Mutex<[String]>([])
        func add(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    /// Failures in the order they came.
    final class Ended: Sendable {
        private let failures = Mutex<[UpstreamFailure?]>([])
        func add(_ failure: UpstreamFailure?) { failures.withLock { $0.append(failure) } }
        var all: [UpstreamFailure?] { failures.withLock { $0 } }
    }

    private func extract(
        _ client: UpstreamClient, _ route: Route, _ parameters: [String: String], ended: Ended = Ended()
    ) -> Task<UpstreamFailure?, Never> {
        Task {
            let failure: UpstreamFailure?
            do throws(UpstreamFailure) {
                _ = try await client.extract(route, parameters: parameters)
                failure = nil
            } catch {
                failure = error
            }
            ended.add(failure)
            return failure
        }
    }

    /// A client of one upstream with `slots` at once and `timeout` seconds per request, whose
    /// deadlines run on the `ManualClock` it returns.
    private func client(
        slots: Int, timeout: Double, log: Lines? = nil
    ) throws -> (client: UpstreamClient, deadlines: ManualClock) {
        let clock = TestClock()
        let deadlines = ManualClock()
        var policy = UpstreamPolicy()
        policy.maxConcurrent = slots
        policy.totalTimeout = timeout
        var sink: (@Sendable (String) -> Void)?
        if let log { sink = { log.add($0) } }
        let client = UpstreamClient(
            name: "test", fetcher: try CurlFetcher(), cache: MemoryCache(now: { clock.now }), policy: policy, now: { clock.now },
            clock: deadlines, log: sink)
        return (client, deadlines)
    }

    @Test("more requests than slots to a hanging upstream: those in line end at their deadline with 503 upstream_busy")
    func waitersEndAtTheirDeadline() async throws {
        try await TestUpstream.with { upstream in
            let route = try FeedRoute.load()
            let lines = Lines()
            // Longer than the test can take, however loaded the machine: the requests the
            // upstream holds are still held when those in line reach their deadline.
            let (client, deadlines) = try client(slots: 2, timeout: 120, log: lines)
            // Five distinct requests (nothing to coalesce), each held by the upstream for 200 s.
            let ended = Ended()
            let requests = (0..<5).map { index in
                extract(client, route, ["port": "\(upstream.port)", "ms": "\(200_000 + index)"], ended: ended)
            }
            // Two in the upstream's hands, three in line with their deadlines set: they leave the
            // line with a tenth of the timeout left, before the two ahead could time out.
            #expect(await eventually { client.limiter.counts == (2, 3) && deadlines.sleepers == 3 && upstream.hits.value == 2 })
            deadlines.advance(by: .milliseconds(107_999))
            #expect(client.limiter.counts == (2, 3))
            #expect(ended.all.isEmpty)
            deadlines.advance(by: .milliseconds(1))
            #expect(await eventually { ended.all.count == 3 })
            for failure in ended.all {
                #expect(failure?.code == "upstream_busy")
                #expect(failure?.retryAfter == 120)
                #expect(failure?.message == "test already has as many requests under way as it may, and no place came free in time; try again shortly.")
            }
            #expect(client.limiter.counts == (2, 0))
            // The two in the upstream's hands are given up on.
            for request in requests { request.cancel() }
            var codes: [String] = []
            for request in requests { codes.append(await request.value?.code ?? "answered") }
            #expect(codes.sorted() == ["cancelled", "cancelled", "upstream_busy", "upstream_busy", "upstream_busy"])
            // Those in line never reached the upstream, and the breaker did not count them.
            #expect(upstream.hits.value == 2)
            #expect(client.breaker.failures == 0)
            #expect(lines.all.filter { $0.hasPrefix("test: upstream_busy for feed") }.count == 3)
            #expect(client.limiter.counts == (0, 0))
        }
    }

    @Test("a request let in late fetches only with the time its deadline leaves")
    func aLateSlotKeepsTheDeadline() async throws {
        try await TestUpstream.with { upstream in
            let route = try FeedRoute.load()
            let (client, deadlines) = try client(slots: 1, timeout: 20)
            let holder = extract(client, route, ["port": "\(upstream.port)", "ms": "200000"])
            #expect(await eventually { upstream.hits.value == 1 })
            // In line for 17 s of its 20: once in, it has 3 s for an upstream that takes 100.
            let late = extract(client, route, ["port": "\(upstream.port)", "ms": "100000"])
            #expect(await eventually { client.limiter.counts == (1, 1) && deadlines.sleepers == 1 })
            deadlines.advance(by: .seconds(17))
            holder.cancel()
            #expect(await holder.value?.code == "cancelled")
            let failure = await late.value
            #expect(failure?.code == "upstream_timeout")
            #expect(await eventually { upstream.hits.value == 2 })
        }
    }

    @Test("a request cancelled while in line leaves it at once, and its deadline's timer stops")
    func cancellingAWaiterFreesItsPlace() async throws {
        try await TestUpstream.with { upstream in
            let route = try FeedRoute.load()
            let (client, deadlines) = try client(slots: 1, timeout: 120)
            let holder = extract(client, route, ["port": "\(upstream.port)", "ms": "200000"])
            #expect(await eventually { upstream.hits.value == 1 })
            let leaving = extract(client, route, ["port": "\(upstream.port)", "ms": "1"])
            #expect(await eventually { client.limiter.counts == (1, 1) && deadlines.sleepers == 1 })
            // Cancelled while in line: it leaves the line, and its deadline's timer stops.
            leaving.cancel()
            #expect(await leaving.value?.code == "cancelled")
            #expect(client.limiter.counts == (1, 0))
            #expect(await eventually { deadlines.sleepers == 0 })
            holder.cancel()
            #expect(await holder.value?.code == "cancelled")
            #expect(await eventually { client.limiter.counts == (0, 0) })
            #expect(upstream.hits.value == 1)
        }
    }
}
