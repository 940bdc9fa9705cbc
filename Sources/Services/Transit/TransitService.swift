public import Kernel
public import Model
public import Store
public import Upstream
import Scrape
import Synchronization

/// Departures of any agency that publishes GTFS: each agency's static timetable
/// (``StaticTimetable``) joined with its GTFS-Realtime trip updates and alerts, fetched once per
/// refresh interval for every client (``SharedFeed``), by the rules of ``RealtimeJoin``.
///
/// ```swift
/// let transit = try TransitService(agencies: [.bart], upstreams: upstreams, directory: dataFolder)
/// transit.start()
/// let board = try await transit.departures(agency: "bart", stop: "12TH", from: now, window: 3600, limit: 10)
/// ```
public final class TransitService: Sendable {
    /// One agency: its configuration, timetable and real-time feeds.
    public final class Agency: Sendable {
        public let configuration: TransitAgency
        public let timetable: StaticTimetable
        public let tripUpdates: SharedFeed<TripUpdates>?
        public let alerts: SharedFeed<ServiceAlerts>?
        public let vehiclePositions: String?

        init(configuration: TransitAgency, timetable: StaticTimetable, tripUpdates: SharedFeed<TripUpdates>?, alerts: SharedFeed<ServiceAlerts>?) {
            self.configuration = configuration
            self.timetable = timetable
            self.tripUpdates = tripUpdates
            self.alerts = alerts
            vehiclePositions = configuration.vehiclePositions
        }

        public var name: String { configuration.name }
    }

    public let agencies: [Agency]
    private let byName: [String: Agency]
    public let upstreams: Upstreams
    /// The language alerts are shown in when the feed has it.
    public let language: String
    /// Joined departures, kept for the second they were made in.
    let boards = BoardCache()
    /// Each agency's stops in memory, with the timetable they were read from.
    private let indexes = Mutex<[String: (database: TransitDatabase, index: StopIndex)]>([:])

    /// A service over `agencies`, their databases in `directory`, their feeds fetched through
    /// `upstreams` (whose catalog must have the GTFS-Realtime routes).
    /// The instant departures are counted from, Unix seconds: the upstreams' clock, or the
    /// embedded sandbox's when it simulates the feeds at a time of its own (`--sandbox-time`).
    private let clock: (@Sendable () -> Int64)?

    public init(
        agencies: [TransitAgency], upstreams: Upstreams, directory: String, language: String = "en",
        clock: (@Sendable () -> Int64)? = nil, log: @escaping @Sendable (String) -> Void = { _ in }
    ) throws(TransitServiceError) {
        self.clock = clock
        guard let tripRoute = upstreams.catalog["gtfs-rt-trip-updates"], let alertRoute = upstreams.catalog["gtfs-rt-alerts"] else {
            throw TransitServiceError(description: "the transit service needs the routes gtfs-rt-trip-updates and gtfs-rt-alerts in the route folder")
        }
        self.upstreams = upstreams
        self.language = language
        self.agencies = agencies.map { configuration in
            let route = { (shipped: Route, url: String) -> Route in
                // BART's own routes as shipped; another agency's moved to its upstream and hosts.
                configuration == .bart ? shipped : shipped.reassigned(to: configuration.upstream, hosts: Address(url).map { [$0.host] } ?? [])
            }
            // Times are read as instants; their zone in the records does not matter.
            let tripUpdates = configuration.tripUpdates.map { url in
                SharedFeed(
                    upstreams: upstreams, route: route(tripRoute, url), parameters: ["feed": .one(url), "tz": .one("UTC")],
                    madeAt: { $0.generated.map { $0 * 1000 } }
                ) { lists, _ in
                    TripUpdates(records: lists, zone: .utc)
                }
            }
            let alerts = configuration.alerts.map { url in
                SharedFeed(
                    upstreams: upstreams, route: route(alertRoute, url), parameters: ["feed": .one(url), "tz": .one("UTC")],
                    madeAt: { $0.generated.map { $0 * 1000 } }
                ) { lists, _ in
                    ServiceAlerts(records: lists, zone: .utc)
                }
            }
            let timetable = StaticTimetable(agency: configuration, upstreams: upstreams, directory: directory, log: log)
            return Agency(configuration: configuration, timetable: timetable, tripUpdates: tripUpdates, alerts: alerts)
        }
        byName = Dictionary(self.agencies.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Starts every agency's first import in the background.
    public func start() {
        for agency in agencies { agency.timetable.refreshIfDue(force: true) }
    }

    /// Waits until no import is under way.
    public func settled() async {
        for agency in agencies { await agency.timetable.settled() }
    }

    /// The agency configured under `name`.
    public func agency(_ name: String) -> Agency? {
        byName[name]
    }

    /// The last stop of each trip asked about, by agency and trip, with the timetable they were read from.
    private let termini = Mutex<[String: (database: TransitDatabase, stops: [String: String])]>([:])

    /// The stop a trip ends at, from the timetable in service (kept once read).
    public func terminus(agency name: String, trip: String) -> String? {
        guard let agency = agency(name), let database = agency.timetable.database else { return nil }
        if let kept = termini.withLock({ $0[name] }), kept.database === database, let stop = kept.stops[trip] { return stop }
        guard let last = (try? database.stopTimes(trip: trip))?.last?.stopID else { return nil }
        termini.withLock { termini in
            if termini[name]?.database !== database { termini[name] = (database, [:]) }
            termini[name]?.stops[trip] = last
        }
        return last
    }

    /// The agency's stops in memory for the timetable `database`, read from it on first use.
    func stopIndex(_ agency: Agency, _ database: TransitDatabase) -> StopIndex {
        if let kept = indexes.withLock({ $0[agency.name] }), kept.database === database { return kept.index }
        let index = StopIndex((try? database.nearest(latitude: 0, longitude: 0, limit: Int.max).map(\.stop)) ?? [])
        indexes.withLock { $0[agency.name] = (database, index) }
        return index
    }

    /// Unix seconds: the service's clock, else the upstreams'.
    public var now: Int64 { clock?() ?? upstreams.now() / 1000 }
}

/// Why the transit service cannot start.
public struct TransitServiceError: Error, CustomStringConvertible {
    public let description: String
}
