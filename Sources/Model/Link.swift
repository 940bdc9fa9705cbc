public import Markup

/// One connection: `<link>` with its departure, arrival, info and parts.
///
/// The first four members are the original GottaGo schema's; the others were added after it,
/// and a client that does not know them can skip them.
public struct Link: Representable, Equatable {
    /// Departure time, ISO 8601 with offset.
    public var departure: String
    /// Arrival time, ISO 8601 with offset.
    public var arrival: String
    /// Free text from the timetable (changes, notes).
    public var info: String
    /// The sections of the journey.
    public var parts: [Part]
    /// The whole journey's duration, ISO 8601 (`PT56M`).
    public var duration: String?
    /// How many times one changes.
    public var transfers: Int?
    /// The product categories used, in order (`IC`, `S`, `B`).
    public var products: [String]
    /// Expected occupancy in first and second class, 1 (low) to 3 (high), where the upstream says.
    public var capacity1st: Int?
    public var capacity2nd: Int?

    /// Creates a link.
    public init(
        departure: String, arrival: String, info: String = "", duration: String? = nil, transfers: Int? = nil,
        products: [String] = [], parts: [Part], capacity1st: Int? = nil, capacity2nd: Int? = nil
    ) {
        self.capacity1st = capacity1st
        self.capacity2nd = capacity2nd
        self.departure = departure
        self.arrival = arrival
        self.info = info
        self.duration = duration
        self.transfers = transfers
        self.products = products
        self.parts = parts
    }

    public var node: Node {
        .element("link", [
            .leaf("departure", departure),
            .leaf("arrival", arrival),
            .leaf("info", info),
            .leaf("duration", duration),
            .leaf("transfers", transfers),
            products.isEmpty ? nil : .list("products", products.map { .leaf("product", $0) }),
            .list("parts", parts.map(\.node)),
            .leaf("capacity1st", capacity1st),
            .leaf("capacity2nd", capacity2nd),
        ])
    }
}

/// One section of a connection: `<part>`.
///
/// The first five members are the original GottaGo schema's.
public struct Part: Representable, Equatable {
    /// Departure time, ISO 8601 with offset (the timetable's time; `delay` says how late).
    public var departure: String
    /// Arrival time, ISO 8601 with offset.
    public var arrival: String
    /// The departure platform.
    public var trackfrom: String
    /// The arrival platform.
    public var trackto: String
    /// The vehicle: Train, Bus, Tram, Ship, Cableway, Walk or Other.
    public var vehicle: String
    /// Where the section starts and ends.
    public var from: String?
    public var to: String?
    /// The line or train (`IC 1 723`, `S 6`, `Bus 4`).
    public var line: String?
    /// Where the vehicle is headed.
    public var direction: String?
    /// Minutes late at departure, when the timetable knows.
    public var delay: Int?
    /// Whether this section's vehicle does not run.
    public var cancelled: Bool
    /// For a walk: how long it takes, ISO 8601.
    public var duration: String?

    /// Creates a part.
    public init(
        departure: String, arrival: String, trackfrom: String, trackto: String, vehicle: String,
        from: String? = nil, to: String? = nil, line: String? = nil, direction: String? = nil,
        delay: Int? = nil, cancelled: Bool = false, duration: String? = nil
    ) {
        self.departure = departure
        self.arrival = arrival
        self.trackfrom = trackfrom
        self.trackto = trackto
        self.vehicle = vehicle
        self.from = from
        self.to = to
        self.line = line
        self.direction = direction
        self.delay = delay
        self.cancelled = cancelled
        self.duration = duration
    }

    public var node: Node {
        .element("part", [
            .leaf("departure", departure),
            .leaf("arrival", arrival),
            .leaf("trackfrom", trackfrom),
            .leaf("trackto", trackto),
            .leaf("vehicle", vehicle),
            .leaf("from", from),
            .leaf("to", to),
            .leaf("line", line),
            .leaf("direction", direction),
            .leaf("delay", delay),
            cancelled ? .leaf("cancelled", true) : nil,
            .leaf("duration", duration),
        ])
    }
}
