public import Markup
public import Kernel

/// One train on its way to a station: `<train>`.
public struct BARTTrain: Sendable, Equatable {
    /// Minutes until it leaves; 0 when the feed says "Leaving".
    public var minutes: Int
    /// Whether the feed said "Leaving".
    public var leaving: Bool
    public var platform: String?
    /// North or South, as the feed writes it.
    public var direction: String?
    /// Cars.
    public var length: Int?
    /// The line's color name (`BLUE`) and its hex value (`#0099cc`).
    public var color: String?
    public var hexcolor: String?
    public var cancelled: Bool
    /// When it would have left by the timetable, and when the feed expects it to leave: the
    /// feed's timestamp and its minutes, less its delay for the first; nil without a timestamp.
    public var time: OffsetDateTime?
    public var timePredicted: OffsetDateTime?
    /// The feed's word: every estimate is a prediction.
    public var realtime: RealtimeState

    /// Minutes late, from the planned and predicted time.
    public var delay: Int? {
        guard let time else { return nil }
        return Delay.minutes(planned: time, predicted: timePredicted)
    }

    /// Creates a train; `generated` is the feed's timestamp, `delay` its delay in minutes.
    public init(
        minutes: Int, leaving: Bool = false, platform: String? = nil, direction: String? = nil, length: Int? = nil, color: String? = nil,
        hexcolor: String? = nil, delay: Int? = nil, cancelled: Bool = false, generated: OffsetDateTime? = nil
    ) {
        timePredicted = generated.flatMap { OffsetDateTime(checking: $0.instant + Int64(minutes) * 60, offset: $0.offset) }
        time = timePredicted.flatMap { OffsetDateTime(checking: $0.instant - Int64(delay ?? 0) * 60, offset: $0.offset) }
        realtime = .asserted
        self.minutes = minutes
        self.leaving = leaving
        self.platform = platform
        self.direction = direction
        self.length = length
        self.color = color
        self.hexcolor = hexcolor
        self.cancelled = cancelled
    }

    /// What a `<train>` holds, declared once for its node and the schemas.
    public static let shape = Shape<BARTTrain>.children("Train", [
        .leaf("minutes", .count, summary: "Minutes until it leaves; 0 when the feed says \"Leaving\" (then leaving is true).") { $0.minutes },
        .flag("leaving") { $0.leaving },
        .optional("platform", .string) { $0.platform },
        .optional("direction", .string) { $0.direction },
        .optional("length", .count, summary: "Cars.") { $0.length },
        .optional("color", .string) { $0.color },
        .optional("hexcolor", .string) { $0.hexcolor },
        .optional("delay", .integer, summary: "Minutes late, from time and time_predicted.") { $0.delay },
        .flag("cancelled") { $0.cancelled },
        .optional("time", .time, summary: "When it would have left by the timetable: the feed's timestamp and minutes, less its delay.") {
            $0.time
        },
        .optional("time_predicted", .time, summary: "When the feed expects it to leave: its timestamp and minutes.") { $0.timePredicted },
        .leaf("realtime", .realtime, summary: "From the etd feeds always asserted (every estimate is a prediction); from GTFS-Realtime (bart-gtfsrt) also propagated or scheduled.") { $0.realtime.rawValue },
    ])

    public var node: Node { Self.shape.node("train", self) }
}

/// The trains of one station towards one destination: `<destination>`.
public struct BARTDestination: Sendable, Equatable {
    public var name: String
    /// The destination's abbreviation, when the feed gives it.
    public var abbr: String?
    public var trains: [BARTTrain]

    /// Creates a destination.
    public init(name: String, abbr: String? = nil, trains: [BARTTrain]) {
        self.name = name
        self.abbr = abbr
        self.trains = trains
    }

    /// What a `<destination>` holds, declared once for its node and the schemas.
    public static let shape = Shape<BARTDestination>.children(nil, [
        .leaf("name", .string) { $0.name },
        .optional("abbr", .abbr) { $0.abbr },
        .list("trains", "train", BARTTrain.shape) { $0.trains },
    ])

    public var node: Node { Self.shape.node("destination", self) }
}

/// What the feed says of one station: its destinations, or the station's own message when the
/// feed has no predictions for it ("Updates are temporarily unavailable.").
public struct BARTStationFeed: Sendable, Equatable {
    public var station: BARTStation
    public var destinations: [BARTDestination]
    public var message: String?

    /// Creates a station's part of the feed.
    public init(station: BARTStation, destinations: [BARTDestination], message: String? = nil) {
        self.station = station
        self.destinations = destinations
        self.message = message
    }

    /// A station's part of the feed with its distance from the position asked for, when there was one.
    public typealias Located = (feed: BARTStationFeed, distance: Distance?)

    /// The members every departures document shares: the station, its distance, its message and destinations.
    public static let shape = Shape<Located>.children("StationDepartures", [
        .leaf("abbr", .abbr) { $0.feed.station.abbr },
        .leaf("name", .string) { $0.feed.station.name },
        .optional("lat", .latitude, summary: "The station's position, for a map; absent for a station the directory lacks.") {
            $0.feed.station.isUnlisted ? nil : $0.feed.station.latitude
        },
        .optional("lon", .longitude) { $0.feed.station.isUnlisted ? nil : $0.feed.station.longitude },
        .optionalElement("distance", Distance.shape) { $0.distance },
        .optional(
            "message", .string,
            summary: "The feed's own word for the station when it has no predictions (\"Updates are temporarily unavailable.\")."
        ) { $0.feed.message },
        .list("destinations", "destination", BARTDestination.shape) { $0.feed.destinations },
    ])
}

/// A station's departures, with the feed's own timestamp and the data's age: `<departures>`.
public struct BARTDepartures: Representable, Equatable {
    public var feed: BARTStationFeed
    /// The feed's timestamp, ISO 8601 with offset, when it has one.
    public var generated: String?
    /// Seconds since the feed was fetched.
    public var age: Int

    /// Creates the document.
    public init(feed: BARTStationFeed, generated: String?, age: Int) {
        self.feed = feed
        self.generated = generated
        self.age = age
    }

    /// The document, declared once for its node and the schemas.
    public static let document = DocumentShape<BARTDepartures>(
        "departures", summary: "One station's next trains, grouped by destination.",
        .children(nil, [
            .optional("generated", .time, summary: "The feed's own timestamp, when it has one.") { $0.generated },
            .leaf("age", .count, summary: "Seconds since the feed was fetched.") { $0.age },
            .fields(BARTStationFeed.shape) { ($0.feed, nil) },
        ]))

    public var node: Node { Self.document.node(self) }
}

/// The stations nearest to a position, each with its departures: `<nearby>`.
public struct BARTNearby: Representable, Equatable {
    public var stations: [(feed: BARTStationFeed, miles: Double)]
    public var generated: String?
    public var age: Int

    /// Creates the document; distances in miles.
    public init(stations: [(feed: BARTStationFeed, miles: Double)], generated: String?, age: Int) {
        self.stations = stations
        self.generated = generated
        self.age = age
    }

    public static func == (lhs: BARTNearby, rhs: BARTNearby) -> Bool {
        lhs.generated == rhs.generated && lhs.age == rhs.age
            && lhs.stations.map(\.feed) == rhs.stations.map(\.feed) && lhs.stations.map(\.miles) == rhs.stations.map(\.miles)
    }

    /// The document, declared once for its node and the schemas.
    public static let document = DocumentShape<BARTNearby>(
        "nearby", summary: "The stations nearest to a position, each with its departures.",
        .children(nil, [
            .optional("generated", .time) { $0.generated },
            .leaf("age", .count) { $0.age },
            .list("stations", "station", BARTStationFeed.shape) { nearby in
                nearby.stations.map { ($0.feed, Distance(miles: $0.miles)) }
            },
        ]))

    public var node: Node { Self.document.node(self) }
}

/// Every station, nearest first with its distance when a position was given: `<stations>`.
public struct BARTStationList: Representable, Equatable {
    public var stations: [(station: BARTStation, miles: Double?)]

    /// Creates the document; distances in miles.
    public init(_ stations: [(station: BARTStation, miles: Double?)]) {
        self.stations = stations
    }

    public static func == (lhs: BARTStationList, rhs: BARTStationList) -> Bool {
        lhs.stations.map(\.station) == rhs.stations.map(\.station) && lhs.stations.map(\.miles) == rhs.stations.map(\.miles)
    }

    /// The document, declared once for its node and the schemas.
    public static let document = DocumentShape<BARTStationList>(
        "stations", summary: "Every station; nearest first with its distance when a position was given.",
        .list("station", .children(nil, [
            .leaf("abbr", .abbr) { $0.station.abbr },
            .leaf("name", .string) { $0.station.name },
            .optional("address", .string) { $0.station.address.isEmpty ? nil : $0.station.address },
            .optional("city", .string) { $0.station.city.isEmpty ? nil : $0.station.city },
            .leaf("lat", .latitude) { $0.station.latitude },
            .leaf("lon", .longitude) { $0.station.longitude },
            .optionalElement("distance", Distance.shape) { $0.miles.map(Distance.init(miles:)) },
        ])) { $0.stations })

    public var node: Node { Self.document.node(self) }
}

/// BART's distances are in miles: `Distance(miles:)` writes them miles first, as BART's documents always have.
public enum BARTDistance {
    public static let metresPerMile = Distance.metresPerMile
}
