public import Model
public import Kernel

/// What a client asks the timetable for: connections between lists of stations.
public struct ConnectionQuery: Sendable, Equatable {
    /// Station names or ids, up to `maxStations` each; one schedule per (origin, destination) pair.
    public var origins: [String]
    public var destinations: [String]
    /// The travel date and time in Swiss local time; nil means now.
    public var date: LocalDate?
    public var time: LocalTime?
    /// Whether `time` is the latest arrival rather than the earliest departure.
    public var isArrivalTime = false
    /// Stations to pass through, in order.
    public var via: [String] = []
    /// Connections per schedule.
    public var limit = ConnectionQuery.defaultLimit
    /// Means of transport to use; empty means all.
    public var transports: Set<Station.Kind> = []
    /// The client's position, to pick among stations that share a name.
    public var position: Coordinate?
    /// Whether each section lists the stops between its ends.
    public var stops = false

    public static let maxStations = 5
    public static let maxVia = 5
    public static let maxNameCharacters = 100
    public static let limits = 1...16
    public static let defaultLimit = 4

    /// A query from origins to destinations, now.
    public init(origins: [String], destinations: [String]) {
        self.origins = origins
        self.destinations = destinations
    }
}
