public import Model

/// A station at a moment of a journey: when the timetable says, when it will really be, and where.
public struct StopTime: Sendable, Equatable {
    /// The station.
    public let station: Station
    /// The timetable's time.
    public let time: Moment
    /// The time the upstream predicts: the timetable's time when it predicts the run on time, nil
    /// when it predicts nothing here (a run without real-time, a stop past the run's prediction
    /// horizon, a cancelled run, a skipped stop, a walk).
    public let prognosis: Moment?
    /// The platform, for trains; nil for other services and walks.
    public let platform: String?
    /// The platform the upstream predicts where it predicts the time of a train: the planned one,
    /// or another when the platform changed; nil where it predicts nothing.
    public let predictedPlatform: String?
    /// Whether the run does not call here today, though the timetable says it does.
    public let isSkipped: Bool

    init(station: Station, time: Moment, prognosis: Moment?, platform: String?, predictedPlatform: String? = nil, isSkipped: Bool = false) {
        self.station = station
        self.time = time
        self.prognosis = prognosis
        self.platform = platform
        self.predictedPlatform = predictedPlatform
        self.isSkipped = isSkipped
    }

    /// Minutes late as predicted (negative when early); nil without a prediction.
    public var predictedDelay: Int? {
        prognosis.map { Int(($0.instant - time.instant) / 60) }
    }

    /// Whether the predicted platform is another than the planned one.
    public var platformChanged: Bool {
        predictedPlatform != nil && predictedPlatform != platform
    }
}

/// One run of a line as a traveller meets it: which service, how late, which stops.
public struct Ride: Sendable, Equatable {
    /// The product category.
    public let category: Category
    /// The line number (`6`, `31`).
    public let line: String
    /// The run's number (the train number of a train).
    public let number: String
    /// The run's last stop.
    public let direction: Station
    /// The run's first stop.
    public let origin: Station
    /// The operator's short name (`SBB`).
    public let operatorCode: String
    /// The operator's long name.
    public let operatorName: String
    /// Minutes late at the boarding stop as the upstream predicts it; 0 when on time, when it
    /// predicts nothing there, or when the run is cancelled.
    public let delay: Int
    /// Whether the run is cancelled.
    public let isCancelled: Bool
    /// Whether the upstream reports real-time for the run at all; false for a run it knows only
    /// from the timetable.
    public let hasRealtime: Bool
    /// The notices that apply to the ride: its line's in the run's time, and its boarding or
    /// alighting station's.
    public let situations: [Situation]
    /// The stops passed, from boarding to alighting (for a board: from the board's station to
    /// the last stop, or from the first stop to the board's station); with their positions on
    /// the line.
    public let stops: [PassedStop]

    /// A stop of a run with its position on the line (HAFAS's `index`).
    public struct PassedStop: Sendable, Equatable {
        /// The position among the line's stops, counting from 0.
        public let position: Int
        /// The station.
        public let station: Station
        /// Arrival, except at the line's first stop.
        public let arrival: Moment?
        /// Departure, except at the line's last stop.
        public let departure: Moment?
        /// The planned platform, for trains.
        public let platform: String?
        /// The predicted arrival: as ``StopTime/prognosis``, nil where nothing is predicted.
        public let predictedArrival: Moment?
        /// The predicted departure: as ``StopTime/prognosis``, nil where nothing is predicted.
        public let predictedDeparture: Moment?
        /// The predicted platform: as ``StopTime/predictedPlatform``.
        public let predictedPlatform: String?
        /// Whether the run does not call here today, though the timetable says it does.
        public let isSkipped: Bool

        /// Whether the upstream predicts anything at this stop.
        public var isPredicted: Bool { predictedArrival != nil || predictedDeparture != nil }
    }

    /// How HAFAS names the run in a connection: `IC 712`, `S 6 18654`, `BUS 31`.
    public var name: String {
        if category.isLongDistance { return "\(category.rawValue) \(number)" }
        if category.isTrain { return "\(category.rawValue) \(line) \(number)" }
        return "\(category.rawValue) \(line)"
    }

    /// How HAFAS names the run on a station board: `IC 712`, `S 6`, `BUS 31`.
    public var boardName: String {
        category.isLongDistance ? "\(category.rawValue) \(number)" : "\(category.rawValue) \(line)"
    }
}

/// A part of a connection: a ride on one run, or a walk.
public struct Section: Sendable, Equatable {
    /// Where and when it starts.
    public let departure: StopTime
    /// Where and when it ends.
    public let arrival: StopTime
    /// What it is.
    public let kind: Kind

    /// A ride or a walk.
    public enum Kind: Sendable, Equatable {
        /// A ride on a run.
        case ride(Ride)
        /// A walk of this many metres.
        case walk(metres: Int)
    }

    /// The ride, when it is one.
    public var ride: Ride? {
        if case .ride(let ride) = kind { return ride }
        return nil
    }
}

/// A journey from one station to another: rides, transfers and walks.
public struct Connection: Sendable, Equatable {
    /// The sections in order; each starts where and after the previous one ends.
    public let sections: [Section]

    /// The first departure.
    public var departure: StopTime { sections[0].departure }
    /// The last arrival.
    public var arrival: StopTime { sections[sections.count - 1].arrival }
    /// The date HAFAS counts the day offsets from: the local date of the departure.
    public var date: CalendarDate { departure.time.local.date }
    /// Seconds from departure to arrival (real elapsed time, also across a clock change).
    public var duration: Int64 { arrival.time.instant - departure.time.instant }
    /// Changes between rides.
    public var transfers: Int { max(0, sections.filter { $0.ride != nil }.count - 1) }
    /// Whether one of its runs is cancelled.
    public var hasCancelledRun: Bool { sections.contains { $0.ride?.isCancelled == true } }
    /// Whether a late run is expected to arrive after the next run leaves.
    public var missesTransfer: Bool {
        let rides = sections.filter { $0.ride != nil }
        return zip(rides, rides.dropFirst()).contains { ride, next in
            (ride.arrival.prognosis ?? ride.arrival.time) > (next.departure.prognosis ?? next.departure.time)
        }
    }
    /// Whether one of its runs is late.
    public var hasDelays: Bool {
        sections.contains { section in
            section.ride != nil && ((section.departure.predictedDelay ?? 0) > 0 || (section.arrival.predictedDelay ?? 0) > 0)
        }
    }
    /// False when a run is cancelled or a transfer will be missed.
    public var isRidable: Bool { !hasCancelledRun && !missesTransfer }
}

/// One departure (or arrival) on a station board.
public struct BoardEntry: Sendable, Equatable {
    /// The station, time, expected time and platform at the board's station.
    public let stop: StopTime
    /// The run.
    public let ride: Ride
}

/// A station found by name, with how well it matches.
public struct StationMatch: Sendable, Equatable {
    /// The station.
    public let station: Station
    /// The name to show: the station's, or the town's when the town name was asked for and this
    /// is its main station (`Zürich` for Zürich HB).
    public let name: String
    /// 100 for an exact match, less for weaker ones.
    public let score: Int
}

/// Why the timetable cannot answer.
public struct TimetableError: Error, Sendable, Equatable, CustomStringConvertible {
    private enum Reason: Equatable { case unknownStation(String), tooClose }
    private let reason: Reason

    /// The station is not in the timetable.
    public static func unknownStation(_ id: String) -> TimetableError { TimetableError(reason: .unknownStation(id)) }
    /// Departure and arrival are the same station.
    public static let tooClose = TimetableError(reason: .tooClose)

    public var description: String {
        switch reason {
        case .unknownStation(let id): "unknown station \(id)"
        case .tooClose: "departure and arrival are the same station"
        }
    }
}
