import Fetch
public import Scrape

/// One upstream as an operator sees it: where its requests go, how politely, how its circuit
/// stands, its last success and failure, and how full its routes' records have been.
public struct UpstreamStatus: Sendable {
    /// The upstream's name.
    public let name: String
    /// The settings it runs with (a secret header's value left out).
    public let policy: UpstreamPolicy
    /// The hosts its requests go to: the origin's, or those of its routes' URLs.
    public let hosts: [String]
    /// Seconds to connect and for a whole exchange, the fetcher's defaults filled in.
    public let connectTimeout: Double
    public let totalTimeout: Double
    /// The circuit breaker now, and the consecutive failures counted while it is closed.
    public let breaker: BreakerPosition
    public let consecutiveFailures: Int
    /// The last useful answer and the last failure.
    public let lastSuccess: UpstreamOutcomes.Outcome?
    public let lastFailure: UpstreamOutcomes.Outcome?
    /// Its routes, in id order.
    public let routes: [RouteStatus]

    /// One route of the upstream.
    public struct RouteStatus: Sendable {
        /// The route.
        public let route: Route
        /// How long its answers are kept, the operator's overrides applied.
        public let cache: CacheTimes
        /// Its fields' fill rates over the last answers.
        public let fill: RouteFill
        /// Its daily budget and what is left of it today, when its terms set one and it applies.
        public let dailyQuota: (limit: Int, left: Int)?
    }
}

extension Upstreams {
    /// The status of the upstream with this name.
    public func status(of name: String) -> UpstreamStatus? {
        guard let client = self[name] else { return nil }
        let routes = catalog.routes.filter { $0.upstream == name }
        let policy = client.settings
        let fetch = FetchConfiguration()
        let hosts = policy.origin.map { [UpstreamStatus.host(of: $0)] } ?? Array(Set(routes.map { UpstreamStatus.host(of: $0.request.url) })).sorted()
        let breaker = client.breaker
        return UpstreamStatus(
            name: name, policy: policy, hosts: hosts,
            connectTimeout: policy.connectTimeout ?? fetch.connectTimeout, totalTimeout: policy.totalTimeout ?? fetch.totalTimeout,
            breaker: breaker.position, consecutiveFailures: breaker.failures,
            lastSuccess: client.outcomes.lastSuccess, lastFailure: client.outcomes.lastFailure,
            routes: routes.map { route in
                let quota = policy.enforcesDailyQuotas ? route.politeness?.dailyQuota.map { limit in
                    (limit, client.dailyQuotasLeft[route.id]?.left ?? limit)
                } : nil
                return UpstreamStatus.RouteStatus(route: route, cache: client.cacheTimes(for: route), fill: client.fillRates.fill(of: route), dailyQuota: quota)
            })
    }
}

extension UpstreamStatus {
    /// The `host[:port]` of an absolute URL (or an origin), without user information.
    static func host(of url: String) -> String {
        let bytes = Array(url.utf8)
        var start = 0
        if let colon = bytes.firstIndex(of: UInt8(ascii: ":")), bytes[colon...].starts(with: Array("://".utf8)) { start = colon + 3 }
        let rest = String(decoding: bytes[start...], as: UTF8.self)
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return String(authority.split(separator: "@", omittingEmptySubsequences: false).last ?? authority)
    }
}
