public import Markup
public import Kernel

/// The configured agencies, each with its timetable's and feeds' state: `<agencies>`.
public struct TransitAgencies: Representable, Equatable {
    /// One real-time feed's state.
    public struct Feed: Sendable, Equatable {
        /// `trip-updates`, `alerts` or `vehicle-positions`.
        public var kind: String
        public var url: String
        /// `ok` (a feed in service), `failing` (the last fetch failed; a feed may still be in
        /// service), `waiting` (not fetched yet: feeds are fetched while clients ask).
        public var state: String
        /// Seconds since the feed in service was fetched.
        public var age: Int?
        /// The feed's own timestamp.
        public var generated: OffsetDateTime?
        /// Why the last fetch failed.
        public var failure: String?

        /// Creates a feed's state.
        public init(kind: String, url: String, state: String, age: Int? = nil, generated: OffsetDateTime? = nil, failure: String? = nil) {
            self.kind = kind
            self.url = url
            self.state = state
            self.age = age
            self.generated = generated
            self.failure = failure
        }

        static let shape = Shape<Feed>.children("TransitFeed", [
            .leaf("kind", .enumeration(nil, ["trip-updates", "alerts", "vehicle-positions"])) { $0.kind },
            .leaf("url", .string) { $0.url },
            .leaf("state", .enumeration(nil, ["ok", "failing", "waiting"]), summary: "ok: a feed in service; failing: the last fetch failed; waiting: not fetched yet (feeds are fetched while clients ask).") { $0.state },
            .optional("age", .count, summary: "Seconds since the feed in service was fetched.") { $0.age },
            .optional("generated", .time, summary: "The feed's own timestamp.") { $0.generated },
            .optional("failure", .string, summary: "Why the last fetch failed.") { $0.failure },
        ])
    }

    /// One agency.
    public struct Agency: Sendable, Equatable {
        public var name: String
        /// The static feed's address or file.
        public var staticFeed: String
        /// `importing`, `ready` or `failed`.
        public var state: String
        /// The agency's zone, version and validity, from the timetable in service.
        public var timezone: String?
        public var version: String?
        public var validFrom: String?
        public var validUntil: String?
        /// When the timetable in service was imported, and what it holds.
        public var imported: OffsetDateTime?
        public var stops: Int?
        public var routes: Int?
        public var trips: Int?
        /// Why the last import failed, since the last success.
        public var failure: String?
        /// The credit the agency asks its data's users to show.
        public var credit: String?
        public var feeds: [Feed]

        /// Creates an agency's entry.
        public init(
            name: String, staticFeed: String, state: String, timezone: String? = nil, version: String? = nil, validFrom: String? = nil,
            validUntil: String? = nil, imported: OffsetDateTime? = nil, stops: Int? = nil, routes: Int? = nil, trips: Int? = nil,
            failure: String? = nil, credit: String? = nil, feeds: [Feed] = []
        ) {
            self.credit = credit
            self.name = name
            self.staticFeed = staticFeed
            self.state = state
            self.timezone = timezone
            self.version = version
            self.validFrom = validFrom
            self.validUntil = validUntil
            self.imported = imported
            self.stops = stops
            self.routes = routes
            self.trips = trips
            self.failure = failure
            self.feeds = feeds
        }

        static let shape = Shape<Agency>.children("TransitAgency", [
            .leaf("name", .string, summary: "The agency's key in the API.") { $0.name },
            .leaf("static", .string, summary: "The static GTFS feed's address or file.") { $0.staticFeed },
            .leaf("state", .enumeration(nil, ["importing", "ready", "failed"]), summary: "importing: no timetable in service yet; ready; failed: none in service, the last import failed.") { $0.state },
            .optional("timezone", .string) { $0.timezone },
            .optional("version", .string, summary: "The static feed's feed_version.") { $0.version },
            .optional("valid_from", .string, summary: "The static feed's first day (YYYYMMDD).") { $0.validFrom },
            .optional("valid_until", .string, summary: "The static feed's last day (YYYYMMDD).") { $0.validUntil },
            .optional("imported", .time, summary: "When the timetable in service was imported.") { $0.imported },
            .optional("stops", .count) { $0.stops },
            .optional("routes", .count) { $0.routes },
            .optional("trips", .count) { $0.trips },
            .optional("failure", .string, summary: "Why the last import failed, since the last success.") { $0.failure },
            .optional("credit", .string, summary: "The credit the agency asks its data's users to show.") { $0.credit },
            .list("feeds", "feed", Feed.shape) { $0.feeds },
        ])
    }

    public var agencies: [Agency]

    /// Creates the document.
    public init(_ agencies: [Agency]) {
        self.agencies = agencies
    }

    /// The document, declared once for its node and the schemas.
    public static let document = DocumentShape<TransitAgencies>(
        "agencies", summary: "The configured transit agencies, with their timetables' and real-time feeds' state.",
        .list("agency", Agency.shape) { $0.agencies })

    public var node: Node { Self.document.node(self) }
}

/// An agency's alerts in force: `<alerts>`.
public struct TransitAlerts: Representable, Equatable {
    public var agency: String
    public var alerts: [Alert]

    /// Creates the document.
    public init(agency: String, alerts: [Alert]) {
        self.agency = agency
        self.alerts = alerts
    }

    /// The document, declared once for its node and the schemas.
    public static let document = DocumentShape<TransitAlerts>(
        "alerts", summary: "An agency's service alerts in force now, with their texts in the service's language when the feed has it.",
        .list("alert", Alert.shape) { $0.alerts })

    public var node: Node { Self.document.node(self) }
}
