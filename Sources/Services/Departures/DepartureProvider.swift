/// Which BART feed answers the departures: the route that reads it (the route file names its upstream).
public enum DepartureProvider: String, Sendable, CaseIterable {
    /// The BART API's `etd.aspx?cmd=etd&orig=ALL`: every station's predictions with platforms,
    /// directions, train lengths, line colors and delays.
    case bartEtd = "bart-etd"
    /// The legacy `bart_eta.xml` feed the original apps read: minutes per destination only.
    case bartLegacy = "bart-eta-legacy"

    /// The route that reads the feed.
    public var routeID: String { rawValue }
}
