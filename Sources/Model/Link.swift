public import Markup
public import Kernel

/// One connection: `<link>` with its departure, arrival, info and parts.
///
/// The first four members are the original GottaGo schema's; the others were added after it,
/// and a client that does not know them can skip them.
public struct Link: Representable, Equatable {
    /// Departure time, ISO 8601 with offset.
    public var departure: OffsetDateTime
    /// Arrival time, ISO 8601 with offset.
    public var arrival: OffsetDateTime
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
    /// The upstream's notices about the whole journey.
    public var alerts: [Alert]

    /// Creates a link.
    public init(
        departure: OffsetDateTime, arrival: OffsetDateTime, info: String = "", duration: String? = nil, transfers: Int? = nil,
        products: [String] = [], parts: [Part], capacity1st: Int? = nil, capacity2nd: Int? = nil, alerts: [Alert] = []
    ) {
        self.alerts = alerts
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

    /// What a `<link>` holds, declared once for its node and the schemas.
    public static let shape = Shape<Link>.children("Link", [
        .leaf("departure", .time) { $0.departure },
        .leaf("arrival", .time) { $0.arrival },
        .leaf("info", .string) { $0.info },
        .optional("duration", .duration) { $0.duration },
        .optional("transfers", .count) { $0.transfers },
        .list("products", "product", Shape<String>.text(.string), whenEmpty: .leftOut) { $0.products },
        .list("parts", "part", Part.shape) { $0.parts },
        .optional(
            "capacity1st", .occupancy,
            summary: "Expected occupancy in first and second class, 1 (low) to 3 (high), where the upstream says (transport.opendata.ch)."
        ) { $0.capacity1st },
        .optional("capacity2nd", .occupancy) { $0.capacity2nd },
        .alerts { $0.alerts },
    ])

    public var node: Node { Self.shape.node("link", self) }
}

/// One section of a connection: `<part>`.
///
/// The first five members are the original GottaGo schema's.
public struct Part: Representable, Equatable {
    /// Departure time, ISO 8601 with offset (the timetable's time; `delay` says how late).
    public var departure: OffsetDateTime
    /// Arrival time, ISO 8601 with offset.
    public var arrival: OffsetDateTime
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
    /// Whether this section's vehicle does not run.
    public var cancelled: Bool
    /// For a walk: how long it takes, ISO 8601.
    public var duration: String?
    /// The departure and arrival the upstream expects, when it predicts them (or, for the
    /// arrival, when its departure's delay carries on to it).
    public var departurePredicted: OffsetDateTime?
    public var arrivalPredicted: OffsetDateTime?
    /// The platforms the upstream now expects, when it says.
    public var trackfromPredicted: String?
    public var tracktoPredicted: String?
    /// Whose word the departure's predicted time is; nil for a walk.
    public var realtime: RealtimeState?
    /// The run goes ahead but does not stop at the section's start (or end).
    public var departureCancelled: Bool
    public var arrivalCancelled: Bool
    /// The stops between the section's ends, when asked for (`stops=1`) and the upstream lists them.
    public var stops: [Stop]
    /// The upstream's notices about this section's run.
    public var alerts: [Alert]

    /// Minutes late at departure (negative when early), from the planned and predicted departure.
    public var delay: Int? { Delay.minutes(planned: departure, predicted: departurePredicted) }

    /// Creates a part.
    public init(
        departure: OffsetDateTime, arrival: OffsetDateTime, trackfrom: String, trackto: String, vehicle: String,
        from: String? = nil, to: String? = nil, line: String? = nil, direction: String? = nil,
        cancelled: Bool = false, duration: String? = nil, departurePredicted: OffsetDateTime? = nil,
        arrivalPredicted: OffsetDateTime? = nil, trackfromPredicted: String? = nil, tracktoPredicted: String? = nil,
        realtime: RealtimeState? = nil, departureCancelled: Bool = false, arrivalCancelled: Bool = false, stops: [Stop] = [],
        alerts: [Alert] = []
    ) {
        self.departurePredicted = departurePredicted
        self.arrivalPredicted = arrivalPredicted
        self.trackfromPredicted = trackfromPredicted
        self.tracktoPredicted = tracktoPredicted
        self.realtime = realtime
        self.departureCancelled = departureCancelled
        self.arrivalCancelled = arrivalCancelled
        self.stops = stops
        self.alerts = alerts
        self.departure = departure
        self.arrival = arrival
        self.trackfrom = trackfrom
        self.trackto = trackto
        self.vehicle = vehicle
        self.from = from
        self.to = to
        self.line = line
        self.direction = direction
        self.cancelled = cancelled
        self.duration = duration
    }

    /// What a `<part>` holds, declared once for its node and the schemas.
    public static let shape = Shape<Part>.children("Part", [
        .leaf("departure", .time) { $0.departure },
        .leaf("arrival", .time) { $0.arrival },
        .leaf("trackfrom", .string) { $0.trackfrom },
        .leaf("trackto", .string) { $0.trackto },
        .leaf("vehicle", .vehicle) { $0.vehicle },
        .optional("from", .string) { $0.from },
        .optional("to", .string) { $0.to },
        .optional("line", .string) { $0.line },
        .optional("direction", .string) { $0.direction },
        .optional("delay", .integer, summary: "Minutes late at departure (negative when early), from departure and departure_predicted.") {
            $0.delay
        },
        .flag("cancelled") { $0.cancelled },
        .optional("duration", .duration, summary: "A walk's duration.") { $0.duration },
        .optional("departure_predicted", .time, summary: "The departure the upstream expects, when it predicts one.") {
            $0.departurePredicted
        },
        .optional("arrival_predicted", .time, summary: "The arrival the upstream expects (or the departure's delay carried on).") {
            $0.arrivalPredicted
        },
        .optional("trackfrom_predicted", .string, summary: "The departure platform the upstream now expects.") { $0.trackfromPredicted },
        .optional("trackto_predicted", .string, summary: "The arrival platform the upstream now expects.") { $0.tracktoPredicted },
        .optional("realtime", .realtime, summary: "Whose word the departure's time is; left out for a walk.") { $0.realtime?.rawValue },
        .flag("departure_cancelled", summary: "The run goes ahead but does not stop at the section's start.") { $0.departureCancelled },
        .flag("arrival_cancelled", summary: "The run goes ahead but does not stop at the section's end.") { $0.arrivalCancelled },
        .list("stops", "stop", Stop.shape, summary: "The stops between the section's ends, with stops=1.", whenEmpty: .leftOut) {
            $0.stops
        },
        .alerts { $0.alerts },
    ])

    public var node: Node { Self.shape.node("part", self) }
}
