public import Fetch
public import Scrape
public import Store

/// Every upstream the routes talk to, one `UpstreamClient` each, over one fetcher and one cache.
///
/// ```swift
/// let upstreams = try Upstreams(catalog: catalog, fetcher: CurlFetcher(), cache: MemoryCache(),
///                               policies: ["osrm": policy])
/// let answer = try await upstreams.client(for: route).extract(route, parameters: parameters)
/// ```
public final class Upstreams: Sendable {
    /// The routes, by id.
    public let catalog: RouteCatalog
    /// Where every upstream's answers are kept.
    public let cache: any CacheDriver
    /// The wall clock in milliseconds that every client reads (replaceable in tests).
    public let now: @Sendable () -> Int64
    private let clients: [String: UpstreamClient]

    /// A setting named an upstream no route talks to.
    public struct UnknownUpstream: Error, Sendable, CustomStringConvertible {
        /// The name given.
        public let name: String
        /// The upstreams the routes name.
        public let known: [String]
        public var description: String {
            "no route talks to an upstream named \"\(name)\"; the routes' upstreams are \(known.joined(separator: ", "))"
        }
    }

    /// One client per upstream named by a route; `policies` holds the settings of some of them,
    /// the others get `defaultPolicy`. A policy for an upstream no route names throws.
    public init(
        catalog: RouteCatalog, fetcher: CurlFetcher, cache: any CacheDriver, policies: [String: UpstreamPolicy] = [:],
        defaultPolicy: UpstreamPolicy = UpstreamPolicy(), now: @escaping @Sendable () -> Int64 = WallClock.milliseconds,
        log: (@Sendable (String) -> Void)? = nil
    ) throws(UnknownUpstream) {
        let names = Set(catalog.routes.map(\.upstream)).sorted()
        if let unknown = policies.keys.sorted().first(where: { !names.contains($0) }) {
            throw UnknownUpstream(name: unknown, known: names)
        }
        self.catalog = catalog
        self.cache = cache
        self.now = now
        var clients: [String: UpstreamClient] = [:]
        for name in names {
            clients[name] = UpstreamClient(name: name, fetcher: fetcher, cache: cache, policy: policies[name] ?? defaultPolicy, now: now, log: log)
        }
        self.clients = clients
    }

    /// The upstreams' names, sorted.
    public var names: [String] { clients.keys.sorted() }

    /// The client of the route's upstream.
    public func client(for route: Route) -> UpstreamClient {
        // Every route's upstream got a client at init.
        clients[route.upstream]!
    }

    /// The client of the upstream with this name.
    public subscript(name: String) -> UpstreamClient? { clients[name] }

    /// Every upstream's metrics and the cache's state in the Prometheus text format, each metric's
    /// lines together under one `# TYPE` line, as the format requires.
    public func prometheusText() async -> String {
        var families: [(name: String, type: String, lines: [String])] = []
        func add(_ line: Substring) {
            let sample = line.prefix { $0 != "{" && $0 != " " }
            var family = String(sample)
            var type = "gauge"
            for suffix in ["_bucket", "_sum", "_count"] where family.hasSuffix(suffix) && family.contains("_seconds") {
                family = String(family.dropLast(suffix.count))
                type = "histogram"
            }
            if family.hasSuffix("_total") { type = "counter" }
            if let index = families.firstIndex(where: { $0.name == family }) {
                families[index].lines.append(String(line))
            } else {
                families.append((family, type, [String(line)]))
            }
        }
        for name in names {
            for line in clients[name]!.prometheusText.split(separator: "\n") { add(line) }
        }
        let status = await cache.status
        add("gottago_cache_degraded{driver=\"\(cache.name)\"} \(status.isOK ? 0 : 1)")
        var text = ""
        for family in families {
            text += "# TYPE \(family.name) \(family.type)\n"
            for line in family.lines { text += line + "\n" }
        }
        return text
    }
}
