public import Model

/// A deterministic Swiss timetable made from a list of stations: lines, runs every few minutes,
/// connections with transfers and walks, station boards, delays and one cancelled train a day.
///
/// The same stations give the same timetable in every process; nothing is random except what
/// is hashed from the inputs. See ``Network`` for the lines, ``connections(from:to:at:isArrivalTime:limit:)``
/// for journeys.
///
/// ```swift
/// let model = TimetableModel(stations: stations)
/// let at = LocalDateTime(year: 2026, month: 3, day: 29, hour: 8, minute: 0)!
/// let journeys = try model.connections(from: bern, to: zurich, at: at, limit: 4)
/// let board = try model.departures(at: bern, from: at, limit: 20)
/// ```
public struct TimetableModel: Sendable {
    let network: Network
    let search: StationSearch
    /// The clock that turns wall-clock readings into instants (Europe/Zurich).
    public let clock: TimetableClock

    /// Builds the timetable of these stations (duplicate ids: the first is kept).
    public init(stations: [Station], clock: TimetableClock = .swiss) {
        network = Network(stations: stations)
        search = StationSearch(network: network)
        self.clock = clock
    }

    /// The stations, sorted by id.
    public var stations: [Station] { network.stations }

    /// The hubs: the largest railway stations present, largest first.
    public var hubs: [Station] { network.hubs.map { network.stations[$0] } }

    /// The station with this id; leading zeros and a HAFAS `#85` suffix are ignored.
    public func station(id: String) -> Station? {
        network.index[Network.key(id)].map { network.stations[$0] }
    }

    /// Runs an hour that call at a station, all its lines together: how busy it is.
    public func runsPerHour(at station: Station) -> Int {
        guard let index = network.index[Network.key(station.id)] else { return 0 }
        return network.lines(at: index).reduce(0) { $0 + 60 / max(1, network.lines[$1.line].headway) }
    }

    /// The HAFAS product classes that serve a station, as a bit set (`1 << productClass`).
    public func productClasses(at station: Station) -> Int {
        guard let index = network.index[Network.key(station.id)] else { return 0 }
        return network.lines(at: index).reduce(0) { $0 | 1 << network.lines[$1.line].category.productClass }
    }

    func index(of station: Station) throws(TimetableError) -> Int {
        guard let index = network.index[Network.key(station.id)] else { throw .unknownStation(station.id) }
        return index
    }
}
