public import Model
public import Upstream

/// The whole BART system's departures from one upstream document, shared by every client (a
/// ``SharedFeed``), indexed by station when it arrives so that a request is a lookup.
///
/// ```swift
/// let feed = try DepartureFeed(upstreams: upstreams, routeID: "bart-etd")
/// let snapshot = try await feed.snapshot()          // waits only for the very first feed
/// snapshot.stations["EMBR"]?.destinations
/// ```
public typealias DepartureFeed = SharedFeed<StationFeeds>

/// One feed of a departures route, by station.
public struct StationFeeds: Sendable {
    /// Each station's part, by abbreviation.
    public let stations: [String: BARTStationFeed]
    /// The feed's own timestamp, when it has one.
    public let generated: String?
}

extension SharedFeed where Index == StationFeeds {
    /// A feed read with the route `routeID`; stations the directory knows take its names and positions.
    public convenience init(upstreams: Upstreams, routeID: String, stations: [BARTStation] = BARTStations.all) throws(DepartureFeedError) {
        guard let route = upstreams.catalog[routeID] else { throw .missingRoute(routeID) }
        let known = Dictionary(stations.map { ($0.abbr, $0) }, uniquingKeysWith: { first, _ in first })
        self.init(upstreams: upstreams, route: route) { lists, _ in
            let (generated, stations) = FeedRecords.index(lists, known: known)
            return StationFeeds(stations: stations, generated: generated)
        }
    }
}

extension SharedFeed.Snapshot where Index == StationFeeds {
    /// Each station's part, by abbreviation.
    public var stations: [String: BARTStationFeed] { index.stations }
    /// The feed's own timestamp, when it has one.
    public var generated: String? { index.generated }
}

/// Why the departures feed cannot start.
public enum DepartureFeedError: Error, CustomStringConvertible {
    case missingRoute(String)

    public var description: String {
        switch self {
        case .missingRoute(let id): "the departures need the route \(id), which the route folder does not have"
        }
    }
}
