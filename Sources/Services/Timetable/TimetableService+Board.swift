public import Model
import Upstream
public import Kernel

/// What a client asks a station board for.
public struct BoardQuery: Sendable, Equatable {
    /// A station name or id.
    public var station: String
    /// Departures or arrivals.
    public var kind: StationBoard.Kind = .departure
    /// From when, in Swiss local time; nil means now.
    public var date: LocalDate?
    public var time: LocalTime?
    /// Journeys wanted.
    public var limit = BoardQuery.defaultLimit
    /// The client's position, to pick among stations that share a name.
    public var position: Coordinate?

    public static let limits = 1...40
    public static let defaultLimit = 10

    /// A query for the next departures at a station.
    public init(station: String) {
        self.station = station
    }
}

extension TimetableService {
    /// The next departures or arrivals at a station: the name resolved as for connections, then
    /// one upstream request. The answer stands for the board's error when there is one.
    public func board(_ query: BoardQuery) async -> Answer<StationBoard> {
        let position = query.position.map { (latitude: $0.latitude, longitude: $0.longitude) }
        let station: Station
        switch await resolve(query.station, near: position) {
        case .failure(let error):
            let board = StationBoard(query: query.station, station: nil, kind: query.kind, journeys: [], error: error)
            return Answer(document: board, failure: error.code, provenance: nil)
        case .success(let found):
            station = found
        }
        let moment = when(date: query.date, time: query.time)
        let route = upstreams.catalog[provider.boardRoute]!
        let parameters = provider.boardParameters(station: station, kind: query.kind, at: moment, limit: query.limit)
        let answer: UpstreamClient.Answer
        do {
            answer = try await upstreams.client(for: route).extract(route, parameters: parameters)
        } catch {
            let failure = ScheduleError(code: error.code, message: error.message)
            let board = StationBoard(query: query.station, station: station, kind: query.kind, journeys: [], error: failure)
            return Answer(document: board, failure: failure.code, provenance: nil)
        }
        let staleAge = answer.provenance.source == .stale ? answer.provenance.age : nil
        switch answer.extraction.outcome {
        case .failure(let failure):
            let error = ScheduleError(code: failure.code, message: failure.message)
            let board = StationBoard(query: query.station, station: station, kind: query.kind, journeys: [], error: error, staleAge: staleAge)
            return Answer(document: board, failure: failure.code, provenance: answer.provenance.notToBeKept)
        case .success(let lists):
            let journeys = Array(BoardRecords.journeys(lists, zone: zone).prefix(query.limit))
            let board = StationBoard(query: query.station, station: station, kind: query.kind, journeys: journeys, staleAge: staleAge)
            let provenance = staleAge == nil ? answer.provenance : answer.provenance.notToBeKept
            return Answer(document: board, failure: nil, provenance: keepable([provenance], movesWithNow: query.date == nil || query.time == nil))
        }
    }
}
