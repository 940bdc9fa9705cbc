public import Model
public import Store
public import Upstream
public import Kernel

/// BART departures for clients: the station list (nearest first from a position), one station's
/// departures, and the nearest stations with theirs, from one shared ``DepartureFeed`` (BART's
/// etd API) or from the transit service's agency `bart` (its GTFS and GTFS-Realtime feeds), and
/// a station directory over the BART stations.
///
/// ```swift
/// let bart = try DepartureService(feed: DepartureFeed(upstreams: upstreams, routeID: "bart-etd"))
/// let embarcadero = try await bart.departures("EMBR")
/// ```
public final class DepartureService: Sendable {
    /// A station's departures, or why there are none.
    public enum Lookup: Sendable {
        case found(BARTDepartures)
        /// No station has that abbreviation; stations whose name or abbreviation is like it.
        case unknown(suggestions: [BARTStation])
    }

    /// The feed the departures come from; nil when the transit service answers them.
    public let feed: DepartureFeed?
    /// The transit service whose agency `bart` answers them, when it does.
    public let transit: TransitService?
    private let stations: [BARTStation]
    private let byAbbr: [String: BARTStation]
    private let directory: StationDirectory

    /// A service over a feed and the stations (BART's list by default). The directory's grid and
    /// column indexes are the lighter ones: for 50 stations they are as fast as the R*Tree and FTS5.
    public init(
        feed: DepartureFeed, stations: [BARTStation] = BARTStations.all,
        directory configuration: StationDirectory.Configuration = .init(positionIndex: .grid, nameIndex: .columns)
    ) throws {
        self.feed = feed
        transit = nil
        self.stations = stations
        byAbbr = Dictionary(stations.map { ($0.abbr, $0) }, uniquingKeysWith: { first, _ in first })
        directory = try StationDirectory(stations: stations.map(\.station), configuration: configuration)
    }

    /// A service whose departures come from the transit service's agency `bart`.
    public init(
        transit: TransitService, stations: [BARTStation] = BARTStations.all,
        directory configuration: StationDirectory.Configuration = .init(positionIndex: .grid, nameIndex: .columns)
    ) throws {
        feed = nil
        self.transit = transit
        self.stations = stations
        byAbbr = Dictionary(stations.map { ($0.abbr, $0) }, uniquingKeysWith: { first, _ in first })
        directory = try StationDirectory(stations: stations.map(\.station), configuration: configuration)
    }

    /// Seconds a feed is used before it is refreshed.
    public var refreshInterval: Int64 { feed?.refreshInterval ?? transit?.agency(Self.agency)?.tripUpdates?.refreshInterval ?? 30_000 }

    /// The transit service's name for BART.
    static let agency = "bart"

    /// The station with this abbreviation (any case).
    public func station(_ abbr: String) -> BARTStation? {
        byAbbr[abbr.uppercased()]
    }

    /// Every station: by abbreviation, or nearest first with its distance in miles from a position.
    public func list(near position: Coordinate?) -> BARTStationList {
        guard let position else { return BARTStationList(stations.map { ($0, nil) }) }
        return BARTStationList(nearest(position, limit: stations.count).map { ($0.station, $0.miles) })
    }

    /// The stations nearest to a position, nearest first, with their distance in miles.
    public func nearest(_ position: Coordinate, limit: Int) -> [(station: BARTStation, miles: Double)] {
        let found = (try? directory.nearest(latitude: position.latitude, longitude: position.longitude, limit: limit)) ?? []
        return found.compactMap { entry in
            byAbbr[entry.station.id].map { ($0, entry.meters / BARTDistance.metresPerMile) }
        }
    }

    /// One station's departures from the feed in service (waiting only for the very first feed).
    public func departures(_ abbr: String) async throws(UpstreamFailure) -> Lookup {
        guard let station = station(abbr) else { return .unknown(suggestions: suggestions(for: abbr)) }
        guard let feed else { return .found(try await fromTransit(station)) }
        let snapshot = try await feed.snapshot()
        return .found(Self.departures(station, in: snapshot, now: feed.now))
    }

    /// A station's document from a snapshot: a station the feed does not name has no destinations.
    public static func departures(_ station: BARTStation, in snapshot: DepartureFeed.Snapshot, now: Int64) -> BARTDepartures {
        BARTDepartures(
            feed: snapshot.stations[station.abbr] ?? BARTStationFeed(station: station, destinations: []),
            generated: snapshot.generated, age: snapshot.age(now: now))
    }

    /// The nearest stations, each with its departures.
    public func nearby(_ position: Coordinate, limit: Int) async throws(UpstreamFailure) -> BARTNearby {
        guard let feed else {
            var near: [(feed: BARTStationFeed, miles: Double)] = []
            var first: BARTDepartures?
            for entry in nearest(position, limit: limit) {
                let board = try await fromTransit(entry.station)
                first = first ?? board
                near.append((board.feed, entry.miles))
            }
            return BARTNearby(stations: near, generated: first?.generated, age: first?.age ?? 0)
        }
        let snapshot = try await feed.snapshot()
        let near = nearest(position, limit: limit).map { entry in
            (feed: snapshot.stations[entry.station.abbr] ?? BARTStationFeed(station: entry.station, destinations: []), miles: entry.miles)
        }
        return BARTNearby(stations: near, generated: snapshot.generated, age: snapshot.age(now: feed.now))
    }

    /// Stations whose name matches the text, then those whose abbreviation starts like it; at most 5.
    public func suggestions(for text: String) -> [BARTStation] {
        var found: [BARTStation] = []
        for entry in (try? directory.search(text, limit: 5)) ?? [] {
            if let station = byAbbr[entry.station.id], !found.contains(station) { found.append(station) }
        }
        let prefix = String(text.uppercased().prefix(2))
        if !prefix.isEmpty {
            for station in stations where station.abbr.hasPrefix(prefix) && !found.contains(station) { found.append(station) }
        }
        return Array(found.prefix(5))
    }
}
