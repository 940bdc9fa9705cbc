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
    /// Whether a place may be any the provider covers (`/api/journeys`): a name, a provider stop
    /// id or `lat,lon`, not only a station of the Swiss directory.
    public var anywhere = false
    /// Connections per schedule.
    public var limit = ConnectionQuery.defaultLimit
    /// Means of transport to use; empty means all.
    public var transports: Set<Station.Kind> = []
    /// The client's position, to pick among stations that share a name.
    public var position: Coordinate?
    /// Whether each section lists the stops between its ends.
    public var stops = false
    /// The pages asked for instead of a date and time, by the (origin, destination) pair they
    /// were made for (`scope(origin:destination:)`).
    public var cursors: [String: PageCursor] = [:]
    /// How each schedule's links are ordered.
    public var order = RealtimeOrder.predicted

    public static let maxStations = 5
    public static let maxVia = 5
    public static let maxNameCharacters = 100
    public static let limits = 1...16
    public static let defaultLimit = 4
    /// Connections asked of the upstream at once while a page looks back for earlier ones.
    static let sweepSize = 8

    /// Cursors a request may carry: one for each pair it can have.
    public static let maxCursors = maxStations * maxStations

    /// What a schedule's cursors are bound to: its pair, the stations it passes through and the
    /// means of transport, everything that decides which links there are (not the time, the
    /// order, the limit or the stops, which a page may change).
    public func scope(origin: String, destination: String) -> String {
        (["connections", origin, destination] + via + [transports.map(\.rawValue).sorted().joined(separator: ",")])
            .joined(separator: "\u{1F}")
    }

    /// The cursors' texts decoded for the pairs they were made for; each must fit one pair.
    public mutating func decodeCursors(_ texts: [String]) throws(PageCursor.Problem) {
        let scopes = origins.flatMap { origin in destinations.map { scope(origin: origin, destination: $0) } }
        for text in texts {
            var problem = PageCursor.Problem.foreign
            var found = false
            for scope in scopes {
                do throws(PageCursor.Problem) {
                    cursors[scope] = try PageCursor(decoding: text, scope: scope)
                    found = true
                    break
                } catch {
                    problem = error
                    if error == .malformed { break }
                }
            }
            if !found { throw problem }
        }
    }

    /// A query from origins to destinations, now.
    public init(origins: [String], destinations: [String]) {
        self.origins = origins
        self.destinations = destinations
    }
}
