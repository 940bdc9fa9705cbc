public import Markup

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
    /// Minutes late, when the feed says.
    public var delay: Int?
    public var cancelled: Bool

    /// Creates a train.
    public init(
        minutes: Int, leaving: Bool = false, platform: String? = nil, direction: String? = nil, length: Int? = nil, color: String? = nil,
        hexcolor: String? = nil, delay: Int? = nil, cancelled: Bool = false
    ) {
        self.minutes = minutes
        self.leaving = leaving
        self.platform = platform
        self.direction = direction
        self.length = length
        self.color = color
        self.hexcolor = hexcolor
        self.delay = delay
        self.cancelled = cancelled
    }

    public var node: Node {
        .element("train", [
            .leaf("minutes", minutes),
            leaving ? .leaf("leaving", true) : nil,
            .leaf("platform", platform),
            .leaf("direction", direction),
            .leaf("length", length),
            .leaf("color", color),
            .leaf("hexcolor", hexcolor),
            .leaf("delay", delay),
            cancelled ? .leaf("cancelled", true) : nil,
        ])
    }
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

    public var node: Node {
        .element("destination", [.leaf("name", name), .leaf("abbr", abbr), .list("trains", trains.map(\.node))])
    }
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

    /// The members every departures document shares: the station, its message and destinations.
    func members(distance: Double?) -> [Node?] {
        [
            .leaf("abbr", station.abbr),
            .leaf("name", station.name),
            distance.map(BARTDistance.node),
            .leaf("message", message),
            .list("destinations", destinations.map(\.node)),
        ]
    }
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

    public var node: Node {
        .element("departures", [.leaf("generated", generated), .leaf("age", age)] + feed.members(distance: nil))
    }
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

    public var node: Node {
        .element("nearby", [
            .leaf("generated", generated),
            .leaf("age", age),
            .list("stations", stations.map { .element("station", $0.feed.members(distance: $0.miles)) }),
        ])
    }
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

    public var node: Node {
        .list("stations", stations.map { entry in
            let station = entry.station
            return .element("station", [
                .leaf("abbr", station.abbr),
                .leaf("name", station.name),
                station.address.isEmpty ? nil : .leaf("address", station.address),
                station.city.isEmpty ? nil : .leaf("city", station.city),
                .leaf("lat", station.latitude),
                .leaf("lon", station.longitude),
                entry.miles.map(BARTDistance.node),
            ])
        })
    }
}

/// A distance in miles and kilometres, one decimal each: `<distance><miles/><km/></distance>`.
public enum BARTDistance {
    public static let metresPerMile = 1609.344

    static func node(miles: Double) -> Node {
        .element("distance", [.leaf("miles", rounded(miles)), .leaf("km", rounded(miles * metresPerMile / 1000))])
    }

    /// One decimal.
    public static func rounded(_ value: Double) -> Double {
        (value * 10).rounded() / 10
    }
}
