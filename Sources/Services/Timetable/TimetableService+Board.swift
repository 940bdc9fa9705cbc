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
    /// The page asked for instead of a date and time.
    public var cursor: PageCursor?
    /// Whether the station may be any the provider covers (`/api/journeys`), as ``ConnectionQuery/anywhere``.
    public var anywhere = false
    /// How the journeys are ordered.
    public var order = RealtimeOrder.predicted

    /// What the board's cursors are bound to: the station as named and departures or arrivals.
    public var scope: String { ["board", station, kind.rawValue].joined(separator: "\u{1F}") }

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
        switch await resolve(query.station, near: position, anywhere: query.anywhere) {
        case .failure(let error):
            let board = StationBoard(query: query.station, station: nil, kind: query.kind, journeys: [], error: error)
            return Answer(document: board, failure: error.code, provenance: nil)
        case .success(let found):
            station = found
        }
        let scope = query.scope
        let fetched: Fetched<BoardJourney>
        if let cursor = query.cursor {
            fetched = await Paging.page(cursor, limit: query.limit, sweepSize: BoardQuery.limits.upperBound, key: \.pageKey) { instant, size in
                await self.journeys(at: station, at: self.moment(atUTC: instant), limit: size, query: query)
            }
        } else {
            var first = await journeys(at: station, at: when(date: query.date, time: query.time), limit: query.limit, query: query)
            first.items = Paging.first(first.items, limit: query.limit, key: \.pageKey)
            fetched = first
        }
        if let error = fetched.error {
            let board = StationBoard(query: query.station, station: station, kind: query.kind, journeys: [], error: error, staleAge: fetched.staleAge)
            return Answer(document: board, failure: error.code, provenance: fetched.provenance?.notToBeKept)
        }
        let journeys = Paging.ordered(fetched.items, by: query.order, key: \.pageKey) { $0.timePredicted?.instant ?? $0.time.instant }
        var board = StationBoard(query: query.station, station: station, kind: query.kind, journeys: journeys, staleAge: fetched.staleAge)
        board.credit = fetched.credit
        if let first = fetched.items.map(\.pageKey).min(), let last = fetched.items.map(\.pageKey).max() {
            board.earlier = PageCursor(direction: .earlier, key: first).encoded(scope: scope)
            board.later = PageCursor(direction: .later, key: last).encoded(scope: scope)
        }
        let movesWithNow = query.cursor == nil && (query.date == nil || query.time == nil)
        return Answer(document: board, failure: nil, provenance: keepable([fetched.provenance], movesWithNow: movesWithNow))
    }

    /// One upstream request's journeys at the station.
    func journeys(at station: Station, at moment: TimetableMoment, limit: Int, query: BoardQuery) async -> Fetched<BoardJourney> {
        let route = upstreams.catalog[provider.boardRoute]!
        let parameters = provider.boardParameters(station: station, kind: query.kind, at: moment, limit: limit)
        let answer: UpstreamClient.Answer
        do {
            answer = try await upstreams.client(for: route).extract(route, parameters: parameters)
        } catch {
            return Fetched(error: ScheduleError(code: error.code, message: error.message))
        }
        let staleAge = answer.provenance.source == .stale ? answer.provenance.age : nil
        switch answer.extraction.outcome {
        case .failure(let failure):
            return Fetched(error: ScheduleError(code: failure.code, message: failure.message), provenance: answer.provenance.notToBeKept, staleAge: staleAge)
        case .success(let lists):
            let provenance = staleAge == nil ? answer.provenance : answer.provenance.notToBeKept
            return Fetched(items: BoardRecords.journeys(lists, zone: zone), provenance: provenance, staleAge: staleAge, credit: ConnectionRecords.credit(lists))
        }
    }
}
