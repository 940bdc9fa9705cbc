public import Kernel
public import Scrape

/// A GTFS-Realtime trip updates feed as the join reads it: each trip's update by trip and
/// service date, from the records of `Routes/gtfs-rt-trip-updates`.
public struct TripUpdates: Sendable {
    /// A prediction for one arrival or departure: an absolute time wins over a delay.
    public struct Event: Sendable, Equatable {
        public var time: Int64?
        public var delay: Int?

        /// Creates an event; both nil means the feed gave neither.
        public init(time: Int64? = nil, delay: Int? = nil) {
            self.time = time
            self.delay = delay
        }

        var isEmpty: Bool { time == nil && delay == nil }
    }

    /// One stop time update.
    public struct Stop: Sendable, Equatable {
        public enum Relationship: String, Sendable {
            case scheduled = "SCHEDULED", skipped = "SKIPPED", noData = "NO_DATA", unscheduled = "UNSCHEDULED"
        }

        public var sequence: Int?
        public var stopID: String?
        public var relationship: Relationship
        public var arrival: Event
        public var departure: Event

        /// Creates a stop time update.
        public init(sequence: Int? = nil, stopID: String? = nil, relationship: Relationship = .scheduled, arrival: Event = Event(), departure: Event = Event()) {
            self.sequence = sequence
            self.stopID = stopID
            self.relationship = relationship
            self.arrival = arrival
            self.departure = departure
        }
    }

    /// One trip's update.
    public struct Trip: Sendable, Equatable {
        public enum Relationship: String, Sendable {
            case scheduled = "SCHEDULED", added = "ADDED", unscheduled = "UNSCHEDULED", canceled = "CANCELED"
            case replacement = "REPLACEMENT", duplicated = "DUPLICATED", deleted = "DELETED", new = "NEW"
        }

        public var tripID: String
        public var routeID: String?
        /// `YYYY-MM-DD`, when the feed says which day's run it means.
        public var startDate: String?
        public var relationship: Relationship
        /// The trip-level delay (seconds), for stops no stop time update covers.
        public var delay: Int?
        public var stops: [Stop]

        /// Creates a trip's update.
        public init(
            tripID: String, routeID: String? = nil, startDate: String? = nil, relationship: Relationship = .scheduled, delay: Int? = nil,
            stops: [Stop] = []
        ) {
            self.tripID = tripID
            self.routeID = routeID
            self.startDate = startDate
            self.relationship = relationship
            self.delay = delay
            self.stops = stops
        }

        /// The run does not run (a deleted run is a cancelled one to a rider).
        public var isCancelled: Bool { relationship == .canceled || relationship == .deleted }
        /// A run the timetable lacks.
        public var isAdded: Bool { relationship == .added || relationship == .new }
    }

    /// The feed's own timestamp, Unix seconds.
    public var generated: Int64?
    /// Updates naming their day, by trip id and `YYYY-MM-DD`.
    private var dated: [String: [String: Trip]] = [:]
    /// Updates that do not: they mean the run nearest to now.
    private var undated: [String: Trip] = [:]
    /// Every added run, in feed order.
    public private(set) var added: [Trip] = []

    /// A feed of these updates.
    public init(generated: Int64?, trips: [Trip]) {
        self.generated = generated
        for trip in trips {
            if trip.isAdded { added.append(trip) }
            if let date = trip.startDate { dated[trip.tripID, default: [:]][date] = trip } else { undated[trip.tripID] = trip }
        }
    }

    /// The update for the run of `tripID` on `serviceDate` that leaves a stop at `instant`: one
    /// naming that day, or one naming no day when that run is the one nearest to `now` (its other
    /// days' runs are a day away, so a run within 12 hours of now is the nearest).
    public func update(tripID: String, serviceDate: String, instant: Int64, now: Int64) -> Trip? {
        if let trip = dated[tripID]?[serviceDate] { return trip }
        guard let trip = undated[tripID], abs(instant - now) <= 43_200 else { return nil }
        return trip
    }

    /// The updates of the route's records, times read in `zone`; records without a trip id (a
    /// frequency-based run named by its route only) are left out.
    public init(records lists: [Record.Member], zone: ZoneRules) {
        let feed = ConnectionRecords.list("feed", in: lists).first
        let trips = ConnectionRecords.list("trips", in: lists).compactMap { record -> Trip? in
            guard let tripID = record.value("trip_id"), !tripID.isEmpty else { return nil }
            return Trip(
                tripID: tripID, routeID: record.value("route_id"), startDate: record.value("start_date"),
                relationship: record.value("relationship").flatMap(Trip.Relationship.init(rawValue:)) ?? .scheduled,
                delay: record.value("delay").flatMap { Int($0) },
                stops: record.list("stops").map { stop in
                    Stop(
                        sequence: stop.value("sequence").flatMap { Int($0) }, stopID: stop.value("stop_id"),
                        relationship: stop.value("relationship").flatMap(Stop.Relationship.init(rawValue:)) ?? .scheduled,
                        arrival: Event(time: stop.time("arrival", in: zone)?.instant, delay: stop.value("arrival_delay").flatMap { Int($0) }),
                        departure: Event(time: stop.time("departure", in: zone)?.instant, delay: stop.value("departure_delay").flatMap { Int($0) }))
                })
        }
        self.init(generated: feed?.time("generated", in: zone)?.instant, trips: trips)
    }
}
