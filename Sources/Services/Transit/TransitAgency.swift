/// One agency's feeds, as the operator configures them (`--transit "NAME static=… trip-updates=…"`).
public struct TransitAgency: Sendable, Equatable {
    /// The agency's key in the API (`bart`): lowercase letters, digits and hyphens.
    public var name: String
    /// The static GTFS feed: an http(s) URL, or a file's path.
    public var staticFeed: String
    /// The GTFS-Realtime feeds' URLs, each optional.
    public var tripUpdates: String?
    public var alerts: String?
    public var vehiclePositions: String?
    /// The credit the agency asks its data's users to show, when it asks for one.
    public var credit: String?

    /// An agency's configuration.
    public init(
        name: String, staticFeed: String, tripUpdates: String? = nil, alerts: String? = nil, vehiclePositions: String? = nil,
        credit: String? = nil
    ) {
        self.name = name
        self.staticFeed = staticFeed
        self.tripUpdates = tripUpdates
        self.alerts = alerts
        self.vehiclePositions = vehiclePositions
        self.credit = credit
    }

    /// BART, keyless: its static feed and its trip updates and alerts (BART publishes no vehicle positions).
    public static let bart = TransitAgency(
        name: "bart", staticFeed: "https://www.bart.gov/dev/schedules/google_transit.zip",
        tripUpdates: "https://api.bart.gov/gtfsrt/tripupdate.aspx", alerts: "https://api.bart.gov/gtfsrt/alerts.aspx",
        credit: "Schedules and real-time departures: BART (San Francisco Bay Area Rapid Transit District), www.bart.gov")

    /// The upstream its requests are counted, limited and configured under: BART's own
    /// (`bart-gtfs`, whose route files state its terms), or `transit-NAME` for an operator's agency.
    public var upstream: String { self == .bart ? "bart-gtfs" : "transit-\(name)" }

    /// Whether the static feed is fetched (an http(s) URL) rather than read from a file.
    public var fetchesStaticFeed: Bool { staticFeed.hasPrefix("http://") || staticFeed.hasPrefix("https://") }
}
