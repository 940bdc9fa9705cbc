import Fetch

extension UpstreamClient {
    /// A file as an upstream gave it, or word that it has not changed.
    public struct Download: Sendable {
        /// The file; nil when the upstream said it has not changed (304).
        public let body: [UInt8]?
        /// The validators to send next time, when the upstream gave them.
        public let etag: String?
        public let lastModified: String?
    }

    /// Downloads a whole file from this upstream (an agency's static GTFS feed), outside the
    /// routes and their cache: the upstream's origin and headers apply, and its timeout unless
    /// `timeout` is longer. With validators the request is conditional, and a 304 is an unchanged
    /// file. A status other than 200 and 304 is an `upstream_error`; a body past the fetcher's
    /// size limit is `upstream_too_large`.
    public func download(_ url: String, etag: String?, lastModified: String?, timeout: Double) async throws(UpstreamFailure) -> Download {
        var headers: [(name: String, value: String)] = []
        if let etag { headers.append(("If-None-Match", etag)) }
        if let lastModified { headers.append(("If-Modified-Since", lastModified)) }
        var request = FetchRequest(method: "GET", url: policy.redirecting(url), headers: policy.sending(headers))
        request.connectTimeout = policy.connectTimeout
        request.totalTimeout = max(timeout, self.timeout)
        let started = ContinuousClock.now
        let response: FetchResponse
        do {
            response = try await fetcher.fetch(request)
        } catch {
            metrics.fetched(outcome: UpstreamFailure.fetch(error, upstream: name).code, seconds: Self.elapsed(since: started), bytes: 0)
            throw UpstreamFailure.fetch(error, upstream: name)
        }
        metrics.fetched(outcome: response.status >= 500 ? "http_5xx" : "ok", seconds: Self.elapsed(since: started), bytes: response.body.count)
        switch response.status {
        case 304:
            return Download(body: nil, etag: response.header("ETag") ?? etag, lastModified: response.header("Last-Modified") ?? lastModified)
        case 200:
            return Download(body: response.body, etag: response.header("ETag"), lastModified: response.header("Last-Modified"))
        default:
            throw UpstreamFailure(upstream: name, code: UpstreamFailure.Code.error, retryAfter: nil, message: "\(name) answered \(response.status).")
        }
    }

    private static func elapsed(since start: ContinuousClock.Instant) -> Double {
        let duration = ContinuousClock.now - start
        return Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
