import Fetch
import Testing
@testable import Upstream

@Suite struct UpstreamFailureTests {
    @Test(arguments: [
        (FetchError.Kind.timeout, "upstream_timeout", 504), (.unreachable, "upstream_unreachable", 502),
        (.connectionLost, "upstream_unreachable", 502), (.tooLarge, "upstream_too_large", 502),
        (.badEncoding, "upstream_error", 502), (.redirectRefused, "upstream_error", 502),
        (.nameNotResolved, "upstream_unreachable", 502), (.emptyReply, "upstream_unreachable", 502),
        (.truncated, "upstream_unreachable", 502), (.tls, "upstream_unreachable", 502), (.certificate, "upstream_unreachable", 502),
        (.notHTTP, "upstream_error", 502), (.badHTTP, "upstream_error", 502), (.tooManyRedirects, "upstream_error", 502),
        (.invalidURL, "upstream_error", 502), (.transfer, "upstream_error", 502),
    ])
    func fetchErrorsMapToStatuses(kind: FetchError.Kind, code: String, status: Int) {
        let failure = UpstreamFailure.fetch(FetchError(kind: kind, message: "Failed to connect to 10.0.0.7", url: "http://a/"), upstream: "sbb")
        #expect(failure.code == code)
        #expect(failure.status == status)
        #expect(failure.message.contains("sbb"))
        // Our words for what happened, never the fetch error's kind or libcurl's text.
        #expect(!failure.message.contains("(\(kind))") && !failure.message.contains("10.0.0.7"))
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
