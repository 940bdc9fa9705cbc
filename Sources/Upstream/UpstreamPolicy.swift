public import Scrape

/// How one upstream is treated: where it is, politeness toward it and how long its answers are kept.
public struct UpstreamPolicy: Sendable, Equatable {
    /// Sends the upstream's requests to this `scheme://host[:port]` instead of the routes' own
    /// (a mirror, a sandbox, a test upstream); nil keeps the routes' URLs.
    public var origin: String?
    /// Seconds to connect and for a whole exchange; nil takes the fetcher's (2 s and 10 s by default).
    /// The total is also a request's deadline: its wait for a slot counts against it.
    public var connectTimeout: Double?
    public var totalTimeout: Double?
    /// Requests to it at once; the others wait in line while a tenth of their deadline is left at least.
    public var maxConcurrent = 8
    /// Requests per second on average, and the burst allowed.
    public var rate = 10.0
    public var burst = 20
    /// Consecutive failures that open the circuit, and seconds it stays open.
    public var breakerThreshold = 5
    public var breakerCooldown = 30.0
    /// Retries of a GET after a connection failure, with jittered backoff.
    public var retries = 1
    /// Seconds an answer is fresh; then served stale while one refresh runs; then kept for errors.
    /// A route's own `<cache>` times take precedence.
    public var freshFor = 60.0
    public var staleWhileRevalidate = 300.0
    public var staleIfError = 3_600.0
    /// Seconds an upstream's own error answer (no connections, unknown station) is kept.
    public var failureFreshFor = 30.0
    /// With a shared cache: how long one instance holds the fetch lock for a key, and how long
    /// another instance waits for that value before fetching itself.
    public var lockFor = 10.0
    public var lockWait = 2.0
    /// A header sent with every request to it and shown nowhere (a bearer token).
    public var secretHeader: SecretHeader?

    /// Whether the routes' daily quotas apply (not to our own sandbox).
    public var enforcesDailyQuotas = true
    /// The politeness settings the operator gave (`max-concurrent`, `rate`, `burst`): the routes'
    /// presets do not change them.
    public var setByOperator: Set<String> = []

    /// The defaults.
    public init() {}

    /// Takes the strictest of the routes' presets for every setting still at its default: a
    /// preset replaces a default, never a value the operator (or the sandbox's setup) gave. The
    /// rates of routes that name a bucket are kept apart, in `buckets` (the strictest of each
    /// bucket's routes), unless the upstream was given a rate or a burst (by the operator, or set
    /// in code): then that is the only limit.
    public mutating func adopt(_ routes: [(id: String, politeness: PolitenessPreset)]) {
        let defaults = UpstreamPolicy()
        // A rate or burst someone gave (the operator, or code such as the sandbox's setup) is the only limit.
        let given = setByOperator.contains("rate") || setByOperator.contains("burst") || rate != defaults.rate || burst != defaults.burst
        let presets = routes.map(\.politeness)
        if !setByOperator.contains("max-concurrent"), maxConcurrent == defaults.maxConcurrent, let value = presets.compactMap(\.maxConcurrent).min() {
            maxConcurrent = value
        }
        let shared = presets.filter { $0.bucket == nil }
        if !setByOperator.contains("rate"), rate == defaults.rate, let value = shared.compactMap(\.rate).min() { rate = value }
        if !setByOperator.contains("burst"), burst == defaults.burst, let value = shared.compactMap(\.burst).min() { burst = value }
        guard !given else { return }
        for (id, preset) in routes {
            guard let name = preset.bucket else { continue }
            let kept = buckets[name]
            if let window = preset.window, let burst = preset.burst {
                // A sliding window: the fewest requests in the longest window.
                buckets[name] = Bucket(
                    rate: Double(burst) / window, burst: min(burst, kept?.burst ?? burst), window: max(window, kept?.window ?? window),
                    routes: (kept?.routes ?? []) + [id])
            } else if let rate = preset.rate {
                let burst = preset.burst ?? max(1, Int(rate.rounded(.up)))
                buckets[name] = Bucket(
                    rate: min(rate, kept?.rate ?? rate), burst: min(burst, kept?.burst ?? burst), window: kept?.window, routes: (kept?.routes ?? []) + [id])
            }
        }
    }

    /// A bucket some of the upstream's routes share beside the upstream's own: a token bucket,
    /// or with a `window`, at most `burst` requests in any `window` seconds.
    public struct Bucket: Sendable, Equatable {
        public var rate: Double
        public var burst: Int
        public var window: Double?
        /// The routes that take a token of it.
        public var routes: [String]

        public init(rate: Double, burst: Int, window: Double? = nil, routes: [String]) {
            self.rate = rate
            self.burst = burst
            self.window = window
            self.routes = routes
        }
    }

    /// The buckets some routes share beside the upstream's, by name.
    public var buckets: [String: Bucket] = [:]

    /// Cache times the operator set for this upstream: each one given replaces the route files'
    /// own (and the defaults above) for every route of the upstream.
    public var cacheOverride = CacheOverride()

    /// Cache times set one by one; nil keeps the route's.
    public struct CacheOverride: Sendable, Equatable {
        public var fresh: Double?
        public var staleWhileRevalidate: Double?
        public var staleIfError: Double?

        /// No override.
        public init() {}
    }

    /// The cache times of routes that do not state their own.
    public var cacheTimes: CacheTimes {
        CacheTimes(fresh: freshFor, staleWhileRevalidate: staleWhileRevalidate, staleIfError: staleIfError)
    }

    /// The cache times a route of this upstream uses: its own, or the defaults, with the
    /// operator's overrides applied.
    public func cacheTimes(for route: CacheTimes?) -> CacheTimes {
        let base = route ?? cacheTimes
        return CacheTimes(
            fresh: cacheOverride.fresh ?? base.fresh,
            staleWhileRevalidate: cacheOverride.staleWhileRevalidate ?? base.staleWhileRevalidate,
            staleIfError: cacheOverride.staleIfError ?? base.staleIfError, usesExpires: base.usesExpires, conditional: base.conditional)
    }

    /// The URL with its `scheme://host[:port]` replaced by `origin`, when one is set.
    public func redirecting(_ url: String) -> String {
        guard let origin else { return url }
        let bytes = Array(url.utf8)
        // After `scheme://`, the authority runs to the first `/`, `?` or `#`.
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), bytes[colon...].starts(with: Array("://".utf8)) else { return url }
        let authority = colon + 3
        let end = bytes[authority...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
        guard let end else { return origin }
        return origin + String(decoding: bytes[end...], as: UTF8.self)
    }

    /// Whether `text` is an origin `redirecting` can use: `http(s)://host[:port]`, nothing after.
    public static func isOrigin(_ text: String) -> Bool {
        let lower = text.lowercased()
        guard let scheme = ["http://", "https://"].first(where: { lower.hasPrefix($0) }) else { return false }
        let authority = lower.dropFirst(scheme.count)
        return !authority.isEmpty && !authority.contains(where: { "/?#@ ".contains($0) || $0.isNewline })
    }
}
