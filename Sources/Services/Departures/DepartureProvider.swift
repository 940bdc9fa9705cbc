/// Which BART feed answers the departures: the route that reads it (the route file names its upstream).
public enum DepartureProvider: String, Sendable, CaseIterable {
    /// BART's GTFS-Realtime trip updates and alerts joined with its static GTFS timetable (the
    /// transit service's agency `bart`): planned and predicted times, cancellations, skipped stops.
    case bartGTFSRT = "bart-gtfsrt"
    /// The BART API's `etd.aspx?cmd=etd&orig=ALL`: every station's predictions with platforms,
    /// directions, train lengths, line colors and delays.
    case bartEtd = "bart-etd"
    /// The legacy `bart_eta.xml` feed the original apps read: minutes per destination only.
    case bartLegacy = "bart-eta-legacy"

    /// The routes that read the feed.
    public var routeIDs: [String] {
        switch self {
        case .bartGTFSRT: ["gtfs-rt-trip-updates", "gtfs-rt-alerts"]
        case .bartEtd, .bartLegacy: [rawValue]
        }
    }

    /// Whether the transit service answers (its agency `bart`) rather than a feed of its own.
    public var isTransit: Bool { self == .bartGTFSRT }
}
