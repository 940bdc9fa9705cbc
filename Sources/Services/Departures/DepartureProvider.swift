/// Which BART feed answers the departures: a route and the upstream it names.
public enum DepartureProvider: String, Sendable, CaseIterable {
    /// The BART API's `etd.aspx?cmd=etd&orig=ALL`: every station's predictions with platforms,
    /// directions, train lengths, line colors and delays.
    case bartEtd = "bart-etd"
    /// The legacy `bart_eta.xml` feed the original apps read: minutes per destination only.
    case bartLegacy = "bart-eta-legacy"

    /// The route that reads the feed.
    public var routeID: String { rawValue }

    /// The upstream the route names.
    public var upstream: String {
        switch self {
        case .bartEtd: "bart"
        case .bartLegacy: "bart-legacy"
        }
    }
}
