public import Markup
public import Kernel

/// The next departures (or arrivals) at one station: `<stationboard>`.
///
/// A board that could not be answered carries an `error` (an ambiguous or unknown name, with
/// candidates; the upstream down) and no journeys; the response then takes the status of the error's code.
public struct StationBoard: Representable, Equatable {
    /// Departures or arrivals.
    public enum Kind: String, Sendable, CaseIterable {
        case departure
        case arrival
    }

    /// The station as the client named it.
    public var query: String
    /// The station the name was resolved to, when it was.
    public var station: Station?
    /// Departures or arrivals.
    public var kind: Kind
    /// The journeys in order of time.
    public var journeys: [BoardJourney]
    /// Why there are no journeys, when there are none because of a problem.
    public var error: ScheduleError?
    /// Seconds since the upstream answered, when the answer is served stale.
    public var staleAge: Int?
    /// Opaque cursors for the journeys before the first and after the last shown (`cursor=`).
    public var earlier: String?
    public var later: String?
    /// The attribution the upstream's terms ask for, when it asks for one.
    public var credit: String?

    /// Creates a board.
    public init(
        query: String, station: Station?, kind: Kind, journeys: [BoardJourney], error: ScheduleError? = nil, staleAge: Int? = nil
    ) {
        self.query = query
        self.station = station
        self.kind = kind
        self.journeys = journeys
        self.error = error
        self.staleAge = staleAge
    }

    /// The document, declared once for its node and the schemas.
    public static let document = DocumentShape<StationBoard>(
        "stationboard", summary: "The next departures or arrivals at one station, in order of time.",
        .children(nil, [
            .leaf("query", .string, summary: "The station as the client named it.") { $0.query },
            .optionalElement("station", Station.reference) { $0.station },
            .leaf("type", .enumeration(nil, Kind.allCases.map(\.rawValue))) { $0.kind.rawValue },
            .flag("stale") { $0.staleAge != nil },
            .optional("age", .count) { $0.staleAge },
            .optionalElement("error", ScheduleError.shape) { $0.error },
            .list("journeys", "journey", BoardJourney.shape) { $0.journeys },
            .optional("earlier", .string, summary: Schedule.cursorSummary("before the first")) { $0.earlier },
            .optional("later", .string, summary: Schedule.cursorSummary("after the last")) { $0.later },
            .optional("credit", .string, summary: Schedule.creditSummary) { $0.credit },
        ]))

    public var node: Node { Self.document.node(self) }
}

/// One departure or arrival on a board: `<journey>`.
public struct BoardJourney: Representable, Equatable {
    /// The timetable's time, ISO 8601 with offset (`delay` says how late).
    public var time: OffsetDateTime
    /// The line as shown (`IC 8`, `S 3`, `B 10`).
    public var line: String?
    /// The category (`IC`, `S`, `B`).
    public var category: String?
    /// The run's number.
    public var number: String?
    /// Train, Bus, Tram, Ship, Cableway or Other.
    public var vehicle: String?
    /// Where the run goes.
    public var direction: String?
    /// Where the run comes from, when the upstream says (arrival boards).
    public var origin: String?
    /// The platform.
    public var platform: String?
    /// The operator.
    public var `operator`: String?
    /// Whether the run is cancelled.
    public var cancelled: Bool
    /// The time and platform the upstream expects, when it says.
    public var timePredicted: OffsetDateTime?
    public var platformPredicted: String?
    /// Whose word the predicted time is.
    public var realtime: RealtimeState?
    /// The run goes ahead but does not stop here to let people on (or off).
    public var departureCancelled: Bool
    public var arrivalCancelled: Bool
    /// The upstream's notices about the run.
    public var alerts: [Alert]

    /// Minutes late (negative when early), from the planned and predicted time.
    public var delay: Int? { Delay.minutes(planned: time, predicted: timePredicted) }

    /// Creates a journey.
    public init(
        time: OffsetDateTime, line: String? = nil, category: String? = nil, number: String? = nil, vehicle: String? = nil,
        direction: String? = nil, origin: String? = nil, platform: String? = nil, operator: String? = nil,
        cancelled: Bool = false, timePredicted: OffsetDateTime? = nil, platformPredicted: String? = nil, realtime: RealtimeState? = nil,
        departureCancelled: Bool = false, arrivalCancelled: Bool = false, alerts: [Alert] = []
    ) {
        self.timePredicted = timePredicted
        self.platformPredicted = platformPredicted
        self.realtime = realtime
        self.departureCancelled = departureCancelled
        self.arrivalCancelled = arrivalCancelled
        self.alerts = alerts
        self.time = time
        self.line = line
        self.category = category
        self.number = number
        self.vehicle = vehicle
        self.direction = direction
        self.origin = origin
        self.platform = platform
        self.operator = `operator`
        self.cancelled = cancelled
    }

    /// What a `<journey>` holds, declared once for its node and the schemas.
    public static let shape = Shape<BoardJourney>.children("BoardJourney", [
        .leaf("time", .time) { $0.time },
        .optional("line", .string) { $0.line },
        .optional("category", .string) { $0.category },
        .optional("number", .string) { $0.number },
        .optional("vehicle", .vehicle) { $0.vehicle },
        .optional("direction", .string, summary: "Where the run goes, and where it comes from when the upstream says (arrival boards).") {
            $0.direction
        },
        .optional("origin", .string) { $0.origin },
        .optional("platform", .string) { $0.platform },
        .optional("operator", .string) { $0.operator },
        .optional("delay", .integer, summary: "Minutes late (negative when early), from time and time_predicted.") { $0.delay },
        .leaf("cancelled", .boolean) { $0.cancelled },
        .optional("time_predicted", .time, summary: "The time the upstream expects, when it predicts one.") { $0.timePredicted },
        .optional("platform_predicted", .string, summary: "The platform the upstream now expects.") { $0.platformPredicted },
        .optional("realtime", .realtime) { $0.realtime?.rawValue },
        .flag("departure_cancelled", summary: "The run goes ahead but does not stop here to let people on.") { $0.departureCancelled },
        .flag("arrival_cancelled", summary: "The run goes ahead but does not stop here to let people off.") { $0.arrivalCancelled },
        .alerts { $0.alerts },
    ])

    public var node: Node { Self.shape.node("journey", self) }
}
