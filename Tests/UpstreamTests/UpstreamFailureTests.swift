import Fetch
import Testing
@testable import Upstream

@Suite struct UpstreamFailureTests {
    @Test(arguments: [
        (FetchError.Kind.timeout, "upstream_timeout"), (.unreachable, "upstream_unreachable"),
        (.connectionLost, "upstream_unreachable"), (.tooLarge, "upstream_too_large"),
        (.badEncoding, "upstream_error"), (.redirectRefused, "upstream_error"),
        (.nameNotResolved, "upstream_unreachable"), (.emptyReply, "upstream_unreachable"),
        (.truncated, "upstream_unreachable"), (.tls, "upstream_unreachable"), (.certificate, "upstream_unreachable"),
        (.notHTTP, "upstream_error"), (.badHTTP, "upstream_error"), (.tooManyRedirects, "upstream_error"),
        (.invalidURL, "upstream_error"), (.transfer, "upstream_error"),
    ])
    func fetchErrorsMapToCodes(kind: FetchError.Kind, code: String) {
        let failure = UpstreamFailure.fetch(FetchError(kind: kind, message: "Failed to connect to 10.0.0.7", url: "http://a/"), upstream: "sbb")
        #expect(failure.code == code)
        #expect(failure.message.contains("sbb"))
        // Our words for what happened, never the fetch error's kind or libcurl's text.
        #expect(!failure.message.contains("(\(kind))") && !failure.message.contains("10.0.0.7"))
    }

    @Test func upstreamStatusesMapToCodes() {
        #expect(UpstreamFailure.status(200, retryAfter: nil, upstream: "bart") == nil)
        #expect(UpstreamFailure.status(404, retryAfter: nil, upstream: "bart") == nil)
        #expect(UpstreamFailure.status(500, retryAfter: nil, upstream: "bart")?.code == "upstream_error")
        let paused = UpstreamFailure.status(429, retryAfter: 12, upstream: "bart")
        #expect(paused?.code == "upstream_paused")
        #expect(paused?.retryAfter == 12)
        #expect(UpstreamFailure.status(503, retryAfter: nil, upstream: "bart")?.retryAfter == 30)
        #expect(UpstreamFailure.circuitOpen(upstream: "sbb", retryAfter: 0.2).retryAfter == 1)
        #expect(UpstreamFailure.rateLimited(upstream: "sbb", retryAfter: 2.5).retryAfter == 3)
    }
}
