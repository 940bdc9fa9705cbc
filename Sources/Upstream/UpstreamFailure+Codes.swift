extension UpstreamFailure {
    /// The codes the upstream layer gives of its own; a route's error codes (`FailureCodes`) pass
    /// through it as they are.
    public enum Code {
        /// The upstream did not answer in time.
        public static let timeout = "upstream_timeout"
        /// The upstream could not be reached, or the connection broke.
        public static let unreachable = "upstream_unreachable"
        /// The upstream failed or answered with something unusable.
        public static let error = "upstream_error"
        /// The upstream answered with more data than allowed.
        public static let tooLarge = "upstream_too_large"
        /// The upstream says this interface is deprecated.
        public static let deprecated = "upstream_deprecated"
        /// The upstream refused the request (401, 403).
        public static let forbidden = "upstream_forbidden"
        /// The upstream asked us to wait (429, 503).
        public static let paused = "upstream_paused"
        /// The circuit is open: requests to the upstream are paused.
        public static let unavailable = "upstream_unavailable"
        /// The route's daily budget at the upstream is spent.
        public static let quotaSpent = "upstream_quota_spent"
        /// No slot of the upstream's concurrency cap came free in time.
        public static let busy = "upstream_busy"
        /// Our own rate budget toward the upstream is spent.
        public static let rateLimited = "upstream_rate_limited"
        /// A follow-up request would have gone to a host the route does not allow.
        public static let foreignHost = "upstream_foreign_host"
        /// A parameter cannot be put into the upstream's request.
        public static let invalidParameter = "invalid_parameter"
        /// The request was cancelled before it was answered.
        public static let cancelled = "cancelled"

        /// Every code above.
        public static let all = [
            timeout, unreachable, error, tooLarge, deprecated, forbidden, paused, unavailable, quotaSpent, busy, rateLimited,
            foreignHost, invalidParameter, cancelled,
        ]
    }
}
