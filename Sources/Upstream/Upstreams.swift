public import Fetch
public import Scrape
public import Store
public import Kernel

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

    /// One client per upstream named by a route, and per upstream of `more` (an operator's
    /// transit agency, whose routes are shipped ones ``Route/reassigned(to:hosts:)`` to it);
    /// `policies` holds the settings of some of them, the others get `defaultPolicy`. A policy for
    /// an upstream none of them names throws. `now` is the wall clock in milliseconds, `clock` the
    /// one requests' deadlines are counted on.
    public init(
        catalog: RouteCatalog, fetcher: CurlFetcher, cache: any CacheDriver, policies: [String: UpstreamPolicy] = [:],
        defaultPolicy: UpstreamPolicy = UpstreamPolicy(), now: @escaping @Sendable () -> Int64 = WallClock.milliseconds,
        clock: any Clock<Duration> = ContinuousClock(), log: (@Sendable (String) -> Void)? = nil, more: [String] = []
    ) throws(UnknownUpstream) {
        let names = Set(catalog.routes.map(\.upstream) + more).sorted()
        if let unknown = policies.keys.sorted().first(where: { !names.contains($0) }) {
            throw UnknownUpstream(name: unknown, known: names)
        }
        self.catalog = catalog
        self.cache = cache
        self.now = now
        var clients: [String: UpstreamClient] = [:]
        for name in names {
            var policy = policies[name] ?? defaultPolicy
            policy.adopt(catalog.routes.filter { $0.upstream == name }.compactMap { route in route.politeness.map { (route.id, $0) } })
            clients[name] = UpstreamClient(name: name, fetcher: fetcher, cache: cache, policy: policy, now: now, clock: clock, log: log)
        }
        self.clients = clients
    }

    /// The upstreams' names, sorted.
    public var names: [String] { clients.keys.sorted() }

    /// Waits until no client has a background refresh under way.
    public func settled() async {
        for client in clients.values { await client.settled() }
    }

    /// The client of an upstream, by name; nil for one no route (nor `more`) named.
    public func client(named name: String) -> UpstreamClient? {
        clients[name]
    }

    /// The client of the route's upstream.
    public func client(for route: Route) -> UpstreamClient {
        // Every route's upstream got a client at init.
        clients[route.upstream]!
    }

    /// Whether a request for the route can be answered: its upstream is sent to an origin (the
    /// sandbox's simulator, a test upstream, the operator's own), or it may go to the live
    /// upstream (`live`) and the route is not retired (a retired route's upstream no longer answers).
    public func answers(_ route: Route, live: Bool) -> Bool {
        client(for: route).policy.origin != nil || (live && route.retired == nil)
    }

    /// The route's records for parameters that each take one value, with its follow-up's.
    public func extract(_ route: Route, parameters: [String: String]) async throws(UpstreamFailure) -> UpstreamClient.Answer {
        try await extract(route, parameters: [String: RouteParameter.Value](singleValues: parameters))
    }

    /// The route's records for these parameters, with its follow-up's when it has one: the first
    /// answer gives the follow-up's address, which must stay on the hosts the follow-up allows,
    /// and the records of both come back together, as old as the older of the two.
    public func extract(_ route: Route, parameters: [String: RouteParameter.Value]) async throws(UpstreamFailure) -> UpstreamClient.Answer {
        let first = try await client(for: route).extract(route, parameters: parameters)
        guard let follow = route.follow, case .success(let lists) = first.extraction.outcome else { return first }
        // The catalog has checked that the follow-up exists, talks to the same upstream and takes an address.
        let next = catalog[follow.route]!
        let client = client(for: next)
        let hosts = next.parameters.first { $0.name == follow.parameter }?.urlHosts ?? []
        let text = lists.lazy.compactMap { member -> Record? in
            if case .list(let name, let records) = member, name == follow.list { return records.first }
            return nil
        }.first?.value(follow.field)
        guard let text else {
            throw UpstreamFailure(upstream: client.name, code: UpstreamFailure.Code.error, retryAfter: nil,
                                  message: "\(client.name) answered \(route.id) without the address of its follow-up (\(follow.list)/\(follow.field)).")
        }
        guard let address = Address(text), client.allows(address, hosts: hosts) else {
            client.note("upstream_foreign_host: \(route.id) pointed its follow-up at \(Address(text)?.host ?? "an address that is not http(s)"), not at \(hosts.joined(separator: " or "))")
            throw UpstreamFailure(upstream: client.name, code: UpstreamFailure.Code.foreignHost, retryAfter: nil,
                                  message: "\(client.name) pointed its follow-up request outside \(hosts.joined(separator: " or ")); it was not sent.")
        }
        var nextParameters = parameters.filter { name, _ in next.parameters.contains { $0.name == name } }
        nextParameters[follow.parameter] = .one(address.text)
        let second = try await client.extract(next, parameters: nextParameters)
        let outcome: Result<[Record.Member], RouteFailure>
        switch second.extraction.outcome {
        case .success(let more): outcome = .success(lists + more)
        case .failure(let failure): outcome = .failure(failure)
        }
        // Both counted on a kept copy's hit, each in its own upstream's metrics.
        return UpstreamClient.Answer(
            extraction: Extraction(route: route.id, outcome: outcome, diagnostics: first.extraction.diagnostics + second.extraction.diagnostics),
            provenance: Provenance.combined([first.provenance, second.provenance])!)
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
        add("gottago_cache_held_bytes{driver=\"\(cache.name)\"} \(cache.heldBytes)")
        var text = ""
        for family in families {
            text += "# TYPE \(family.name) \(family.type)\n"
            for line in family.lines { text += line + "\n" }
        }
        return text
    }
}
