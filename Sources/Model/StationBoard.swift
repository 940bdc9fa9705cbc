public import Markup

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

    public var node: Node {
        .element("stationboard", [
            .leaf("query", query),
            station.map { station in
                .element("station", [
                    .leaf("id", station.id),
                    .leaf("name", station.name),
                    .leaf("lat", station.latitude),
                    .leaf("lon", station.longitude),
                ])
            },
            .leaf("type", kind.rawValue),
            staleAge == nil ? nil : .leaf("stale", true),
            .leaf("age", staleAge),
            error?.node,
            .list("journeys", journeys.map(\.node)),
        ])
    }
}

/// One departure or arrival on a board: `<journey>`.
public struct BoardJourney: Representable, Equatable {
    /// The timetable's time, ISO 8601 with offset (`delay` says how late).
    public var time: String
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
    /// Minutes late (negative when early), when known.
    public var delay: Int?
    /// Whether the run is cancelled.
    public var cancelled: Bool

    /// Creates a journey.
    public init(
        time: String, line: String? = nil, category: String? = nil, number: String? = nil, vehicle: String? = nil,
        direction: String? = nil, origin: String? = nil, platform: String? = nil, operator: String? = nil, delay: Int? = nil,
        cancelled: Bool = false
    ) {
        self.time = time
        self.line = line
        self.category = category
        self.number = number
        self.vehicle = vehicle
        self.direction = direction
        self.origin = origin
        self.platform = platform
        self.operator = `operator`
        self.delay = delay
        self.cancelled = cancelled
    }

    public var node: Node {
        .element("journey", [
            .leaf("time", time),
            .leaf("line", line),
            .leaf("category", category),
            .leaf("number", number),
            .leaf("vehicle", vehicle),
            .leaf("direction", direction),
            .leaf("origin", origin),
            .leaf("platform", platform),
            .leaf("operator", `operator`),
            .leaf("delay", delay),
            .leaf("cancelled", cancelled),
        ])
    }
}
