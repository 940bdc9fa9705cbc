public import Markup
public import Kernel

/// The real-time feed a document's departures were joined with: its own timestamp and its age.
public struct FeedStamp: Sendable, Equatable {
    /// The feed's own timestamp (its header's), when it has one.
    public var generated: OffsetDateTime?
    /// Seconds since the feed was fetched.
    public var age: Int

    /// Creates a stamp.
    public init(generated: OffsetDateTime?, age: Int) {
        self.generated = generated
        self.age = age
    }

    /// The feed's members, spliced into a document.
    public static let shape = Shape<FeedStamp?>.children("FeedStamp", [
        .optional("generated", .time, summary: "The real-time feed's own timestamp.") { $0?.generated },
        .optional("age", .count, summary: "Seconds since the real-time feed was fetched; absent without one.") { $0?.age },
    ])
}

/// A stop's next departures: `<departures>`.
public struct TransitDepartures: Representable, Equatable {
    /// The stop or station asked for.
    public var stop: TransitStop
    /// The real-time feed joined, when the agency has one in service.
    public var feed: FeedStamp?
    /// The alerts about the station as a whole (its stops, or the whole agency); a departure
    /// carries those about its run or route.
    public var alerts: [Alert]
    public var departures: [TransitDeparture]

    /// Creates the document.
    public init(stop: TransitStop, feed: FeedStamp?, alerts: [Alert] = [], departures: [TransitDeparture]) {
        self.stop = stop
        self.feed = feed
        self.alerts = alerts
        self.departures = departures
    }

    /// The document, declared once for its node and the schemas.
    public static let document = DocumentShape<TransitDepartures>(
        "departures", summary: "The next departures at a stop, or at every platform of a station, in order of time.",
        .children(nil, [
            .fields(FeedStamp.shape) { $0.feed },
            .element("stop", TransitStop.shape) { ($0.stop, nil) },
            .list("alerts", "alert", Alert.shape, summary: "The alerts about the station as a whole: its stops, or the whole agency.", whenEmpty: .leftOut) {
                $0.alerts
            },
            .list("departures", "departure", TransitDeparture.shape) { $0.departures },
        ]))

    public var node: Node { Self.document.node(self) }
}

/// The stops near a position across every agency, each with its next departures: `<nearby>`.
public struct TransitNearby: Representable, Equatable {
    /// One stop, its distance, and its departures with the feed they were joined with.
    public struct Entry: Sendable, Equatable {
        public var stop: TransitStop
        public var distance: Distance
        public var feed: FeedStamp?
        /// The alerts about the station as a whole.
        public var alerts: [Alert]
        public var departures: [TransitDeparture]

        /// Creates an entry.
        public init(stop: TransitStop, distance: Distance, feed: FeedStamp?, alerts: [Alert] = [], departures: [TransitDeparture]) {
            self.stop = stop
            self.distance = distance
            self.feed = feed
            self.alerts = alerts
            self.departures = departures
        }
    }

    public var stops: [Entry]

    /// Creates the document, nearest first.
    public init(stops: [Entry]) {
        self.stops = stops
    }

    static let entry = Shape<Entry>.children("NearbyTransitStop", [
        .fields(TransitStop.shape) { ($0.stop, $0.distance) },
        .fields(FeedStamp.shape) { $0.feed },
        .list("alerts", "alert", Alert.shape, summary: "The alerts about the station as a whole: its stops, or the whole agency.", whenEmpty: .leftOut) {
            $0.alerts
        },
        .list("departures", "departure", TransitDeparture.shape) { $0.departures },
    ])

    /// The document, declared once for its node and the schemas.
    public static let document = DocumentShape<TransitNearby>(
        "nearby", summary: "The stops near a position across every agency, nearest first, each a station with all its platforms, with its next departures.",
        .list("stop", entry) { $0.stops })

    public var node: Node { Self.document.node(self) }
}

/// An agency's stops, by name or nearest first: `<stops>`.
public struct TransitStops: Representable, Equatable {
    public var stops: [TransitStop.Located]

    /// Creates the document.
    public init(_ stops: [TransitStop.Located]) {
        self.stops = stops
    }

    public static func == (lhs: TransitStops, rhs: TransitStops) -> Bool {
        lhs.stops.map(\.stop) == rhs.stops.map(\.stop) && lhs.stops.map(\.distance) == rhs.stops.map(\.distance)
    }

    /// The document, declared once for its node and the schemas.
    public static let document = DocumentShape<TransitStops>(
        "stops", summary: "An agency's stops and stations matching a name, or nearest first with their distance.",
        .list("stop", TransitStop.shape) { $0.stops })

    public var node: Node { Self.document.node(self) }
}
