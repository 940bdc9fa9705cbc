public import Markup
public import Kernel

/// One departure of a run at a stop, from an agency's timetable joined with its real-time feed:
/// `<departure>`.
///
/// Its real-time words are the service's everywhere: the timetable's `time`, the feed's
/// `time_predicted` beside it, `realtime` saying whose word that is, `cancelled` for the run,
/// `departure_cancelled` for this stop alone. A run the feed says nothing about is `scheduled`,
/// never shown as on time.
public struct TransitDeparture: Sendable, Equatable {
    /// The GTFS `trip_id`.
    public var tripID: String
    /// The day of service the run belongs to, which a run past midnight keeps (`YYYY-MM-DD`).
    public var serviceDate: String
    /// The GTFS `route_id`, the route's short name (its long name when it has none), colours.
    public var routeID: String
    public var route: String?
    public var color: String?
    public var textColor: String?
    /// Where the run goes, as the timetable says at this stop.
    public var headsign: String?
    /// The stop it leaves from, and that stop's platform code.
    public var stopID: String
    public var platform: String?
    /// The timetable's departure; for a run the timetable lacks (`added`), the feed's.
    public var time: OffsetDateTime
    /// When the feed expects it to leave: its absolute time, or the timetable's plus a delay.
    public var timePredicted: OffsetDateTime?
    public var realtime: RealtimeState
    /// The run does not run.
    public var cancelled: Bool
    /// The run goes ahead but does not stop here (a skipped stop).
    public var departureCancelled: Bool
    /// A run the feed adds to the timetable.
    public var added: Bool
    /// The agency's alerts about the run or its route (those about the station as a whole are the station's).
    public var alerts: [Alert]

    /// Minutes late (negative when early), from the planned and predicted time.
    public var delay: Int? { Delay.minutes(planned: time, predicted: timePredicted) }

    /// Creates a departure.
    public init(
        tripID: String, serviceDate: String, routeID: String, route: String? = nil, color: String? = nil, textColor: String? = nil,
        headsign: String? = nil, stopID: String, platform: String? = nil, time: OffsetDateTime, timePredicted: OffsetDateTime? = nil,
        realtime: RealtimeState = .scheduled, cancelled: Bool = false, departureCancelled: Bool = false, added: Bool = false,
        alerts: [Alert] = []
    ) {
        self.tripID = tripID
        self.serviceDate = serviceDate
        self.routeID = routeID
        self.route = route
        self.color = color
        self.textColor = textColor
        self.headsign = headsign
        self.stopID = stopID
        self.platform = platform
        self.time = time
        self.timePredicted = timePredicted
        self.realtime = realtime
        self.cancelled = cancelled
        self.departureCancelled = departureCancelled
        self.added = added
        self.alerts = alerts
    }

    /// What a `<departure>` holds, declared once for its node and the schemas.
    public static let shape = Shape<TransitDeparture>.children("TransitDeparture", summary: "One departure of a run at a stop.", [
        .leaf("time", .time, summary: "The timetable's departure; for an added run, the feed's.") { $0.time },
        .optional("time_predicted", .time, summary: "When the feed expects it to leave.") { $0.timePredicted },
        .optional("delay", .integer, summary: "Minutes late (negative when early), from time and time_predicted.") { $0.delay },
        .leaf("realtime", .realtime) { $0.realtime.rawValue },
        .leaf("cancelled", .boolean, summary: "The run does not run.") { $0.cancelled },
        .flag("departure_cancelled", summary: "The run goes ahead but does not stop here.") { $0.departureCancelled },
        .flag("added", summary: "A run the feed adds to the timetable.") { $0.added },
        .optional("route", .string, summary: "The route's short name, else its long name.") { $0.route },
        .leaf("route_id", .string) { $0.routeID },
        .optional("color", .string, summary: "The route's colour, six hex digits.") { $0.color },
        .optional("text_color", .string, summary: "The colour of text on the route's colour.") { $0.textColor },
        .optional("headsign", .string, summary: "Where the run goes.") { $0.headsign },
        .optional("platform", .string) { $0.platform },
        .leaf("stop_id", .string, summary: "The stop it leaves from: a platform of a station asked for, or the stop itself.") { $0.stopID },
        .leaf("trip_id", .string) { $0.tripID },
        .leaf("service_date", .string, summary: "The day of service the run belongs to (YYYY-MM-DD), kept by a run past midnight.") {
            $0.serviceDate
        },
        .alerts { $0.alerts },
    ])

    public var node: Node { Self.shape.node("departure", self) }
}
