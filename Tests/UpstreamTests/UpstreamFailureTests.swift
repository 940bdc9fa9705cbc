import Fetch
import Testing
@testable import Upstream

@Suite struct UpstreamFailureTests {
    @Test(arguments: [
        (FetchError.Kind.timeout, "upstream_timeout", 504), (.unreachable, "upstream_unreachable", 502),
        (.connectionLost, "upstream_unreachable", 502), (.tooLarge, "upstream_too_large", 502),
        (.badEncoding, "upstream_error", 502), (.redirectRefused, "upstream_error", 502),
    ])
    func fetchErrorsMapToStatuses(kind: FetchError.Kind, code: String, status: Int) {
        let failure = UpstreamFailure.fetch(FetchError(kind: kind, message: "x", url: "http://a/"), upstream: "sbb")
        #expect(failure.code == code)
        #expect(failure.status == status)
        #expect(failure.message.contains("sbb"))
    }

    @Test func upstreamStatusesMapToOurs() {
        #expect(UpstreamFailure.status(200, retryAfter: nil, upstream: "bart") == nil)
        #expect(UpstreamFailure.status(404, retryAfter: nil, upstream: "bart") == nil)
        #expect(UpstreamFailure.status(500, retryAfter: nil, upstream: "bart")?.status == 502)
        let paused = UpstreamFailure.status(429, retryAfter: 12, upstream: "bart")
        #expect(paused?.status == 503)
        #expect(paused?.retryAfter == 12)
        #expect(UpstreamFailure.status(503, retryAfter: nil, upstream: "bart")?.retryAfter == 30)
        #expect(UpstreamFailure.circuitOpen(upstream: "sbb", retryAfter: 0.2).retryAfter == 1)
        #expect(UpstreamFailure.rateLimited(upstream: "sbb", retryAfter: 2.5).retryAfter == 3)
    }
}
