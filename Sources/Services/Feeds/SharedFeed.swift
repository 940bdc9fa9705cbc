public import Scrape
public import Upstream
import Synchronization

/// A whole upstream document shared by every client: fetched through the upstream layer (its
/// cache, single flight and politeness) at most once per refresh interval however many clients
/// ask, and only while they ask, then indexed once for lookups.
///
/// A request that finds the feed older than the interval starts one refresh in the background
/// and is answered from the feed it has. An upstream failure (an error document, no answer)
/// keeps the last good feed in service with its age; with none yet, the request fails with 503,
/// the upstream's code and message, and `Retry-After` of one refresh interval.
///
/// ```swift
/// let feed = try SharedFeed(upstreams: upstreams, route: route, parameters: ["feed": .one(url)]) { lists, fetchedAt in
///     TripUpdates(records: lists, zone: zone)
/// }
/// let snapshot = try await feed.snapshot()          // waits only for the very first feed
/// ```
public final class SharedFeed<Index: Sendable>: Sendable {
    /// One indexed feed.
    public final class Snapshot: Sendable {
        public let index: Index
        /// When the upstream gave it, in milliseconds of the wall clock.
        public let fetchedAt: Int64
        /// How old its data already was then, by the feed's own timestamp (0 without one).
        public let lag: Int64
        /// Counts the feeds indexed, so that what is rendered from one can be told from the next.
        public let version: Int

        init(index: Index, fetchedAt: Int64, lag: Int64, version: Int) {
            self.index = index
            self.fetchedAt = fetchedAt
            self.lag = lag
            self.version = version
        }

        /// Whole seconds since the upstream gave it.
        public func age(now: Int64) -> Int { Int(max(0, now - fetchedAt) / 1000) }
    }

    private struct State {
        var snapshot: Snapshot?
        /// The fetch under way, which every refresh until it ends waits for.
        var flight: Task<Snapshot, any Error>?
        var lastFailure: UpstreamFailure?
    }

    public let upstreams: Upstreams
    public let route: Route
    private let parameters: [String: RouteParameter.Value]
    private let index: @Sendable ([Record.Member], Int64) -> Index
    /// When an indexed feed's own timestamp says its data was made, in milliseconds.
    private let madeAt: @Sendable (Index) -> Int64?
    /// Milliseconds a feed is used before a request refreshes it: the route's `fresh` time, or
    /// the operator's (`--upstream "NAME fresh=15"`); sooner when the feed's timestamp says its
    /// data was already old when it was fetched, but never within a sixth of it.
    public let refreshInterval: Int64
    private let state = Mutex(State())
    /// The version of the feed in service, for readers that must not take the lock.
    private let installed = Atomic<Int>(0)

    /// A feed read with `route` and `parameters`, indexed by `index` (given the records and when
    /// the upstream gave them).
    public init(
        upstreams: Upstreams, route: Route, parameters: [String: RouteParameter.Value] = [:],
        madeAt: @escaping @Sendable (Index) -> Int64? = { _ in nil }, index: @escaping @Sendable ([Record.Member], Int64) -> Index
    ) {
        self.upstreams = upstreams
        self.route = route
        self.parameters = parameters
        self.index = index
        self.madeAt = madeAt
        refreshInterval = Int64(upstreams.client(for: route).cacheTimes(for: route).fresh * 1000)
    }

    /// The upstream's metrics.
    public var metrics: UpstreamMetrics { upstreams.client(for: route).metrics }

    /// The wall clock in milliseconds, as the upstreams read it.
    public var now: Int64 { upstreams.now() }

    /// The feed in service without waiting, refreshing it in the background when it is older than
    /// the refresh interval; nil before the first feed has arrived.
    public func current() -> Snapshot? {
        let now = upstreams.now()
        return state.withLock { state -> Snapshot? in
            guard let snapshot = state.snapshot else { return nil }
            if now - snapshot.fetchedAt >= refreshAfter(snapshot), state.flight == nil { state.flight = flight(maxAge: refreshAfter(snapshot)) }
            return snapshot
        }
    }

    /// The feed in service as it is, refreshing nothing: for reports, which must not keep the
    /// feed refreshing when no client asks.
    public var inService: Snapshot? { state.withLock { $0.snapshot } }

    /// The version of the feed in service (0 before the first), read without a lock and without
    /// refreshing anything: for telling whether an answer made from the feed still holds.
    public var version: Int { installed.load(ordering: .acquiring) }

    /// Whether a fetch is under way now.
    public var isRefreshing: Bool { state.withLock { $0.flight != nil } }

    /// Waits for the fetch under way, if any, to end, whatever its outcome (a failure keeps the
    /// feed in service): for a caller that must see its effect.
    public func settled() async {
        let task = state.withLock { $0.flight }
        _ = try? await task?.value
    }

    /// The feed in service, waiting for the first one when there is none yet.
    public func snapshot() async throws(UpstreamFailure) -> Snapshot {
        if let snapshot = current() { return snapshot }
        do {
            return try await refresh()
        } catch let failure as UpstreamFailure {
            throw failure
        } catch {
            throw UpstreamFailure(
                upstream: route.upstream, code: UpstreamFailure.Code.unavailable, retryAfter: Int(refreshInterval / 1000), message: "\(error)")
        }
    }

    /// Asks the upstream layer for the feed and indexes it when it is new; one at a time, the
    /// others wait for it. A failure keeps the feed in service and is thrown only when there is none.
    @discardableResult
    public func refresh() async throws -> Snapshot {
        let task = state.withLock { state -> Task<Snapshot, any Error> in
            if let running = state.flight { return running }
            let task = flight()
            state.flight = task
            return task
        }
        return try await task.value
    }

    /// Milliseconds after its fetch a feed is refreshed: the interval, less the age its data
    /// already had, at least a sixth of the interval.
    public func refreshAfter(_ snapshot: Snapshot) -> Int64 {
        max(refreshInterval / 6, refreshInterval - snapshot.lag)
    }

    /// A fetch that leaves the state when it ends; made under the state's lock, when none is under way.
    private func flight(maxAge: Int64? = nil) -> Task<Snapshot, any Error> {
        Task {
            defer { state.withLock { $0.flight = nil } }
            return try await fetch(maxAge: maxAge)
        }
    }

    private func fetch(maxAge: Int64?) async throws -> Snapshot {
        let failure: UpstreamFailure
        do {
            let answer = try await upstreams.client(for: route).extract(route, parameters: parameters, maxAge: maxAge)
            switch answer.extraction.outcome {
            case .success(let lists):
                return install(lists, fetchedAt: answer.provenance.storedAt)
            case .failure(let routeFailure):
                failure = UpstreamFailure(
                    upstream: route.upstream, code: routeFailure.code, retryAfter: nil, message: routeFailure.message)
            }
        } catch {
            failure = error
        }
        let kept = state.withLock { state -> Snapshot? in
            state.lastFailure = failure
            return state.snapshot
        }
        if let kept { return kept }
        // No feed to answer from yet: the service is unavailable until one arrives, whatever the
        // upstream did (its message says what), and worth asking again at the next refresh.
        throw UpstreamFailure(
            upstream: failure.upstream, code: UpstreamFailure.Code.unavailable, retryAfter: Int(refreshInterval / 1000),
            message: failure.message)
    }

    /// Indexes a feed unless it is the one in service already.
    private func install(_ lists: [Record.Member], fetchedAt: Int64) -> Snapshot {
        if let same = state.withLock({ $0.snapshot.flatMap { $0.fetchedAt == fetchedAt ? $0 : nil } }) { return same }
        let indexed = index(lists, fetchedAt)
        let lag = madeAt(indexed).map { max(0, fetchedAt - $0) } ?? 0
        return state.withLock { state in
            // A slower fetch of an older feed never replaces a newer one.
            if let current = state.snapshot, current.fetchedAt >= fetchedAt { return current }
            let snapshot = Snapshot(index: indexed, fetchedAt: fetchedAt, lag: lag, version: (state.snapshot?.version ?? 0) + 1)
            state.snapshot = snapshot
            state.lastFailure = nil
            installed.store(snapshot.version, ordering: .releasing)
            return snapshot
        }
    }

    /// The last failure since the last good feed, if any: for readiness reports.
    public var lastFailure: UpstreamFailure? { state.withLock { $0.lastFailure } }
}
