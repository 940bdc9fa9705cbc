public import Model
public import Store
public import Upstream
public import Kernel

/// Connections between lists of stations: names resolved against the station directory (a name
/// it does not know asked of the provider's own station search), one upstream request per
/// (origin, destination) pair, all pairs at once, records turned into `Schedules`.
///
/// ```swift
/// let timetable = TimetableService(upstreams: upstreams, directory: directory, provider: .opendata)
/// let answer = await timetable.schedules(query)   // answer.document, answer.failure
/// ```
///
/// A pair that fails (a name that is ambiguous or unknown, no connections, the upstream down)
/// carries its own error; the answer is a success when at least one pair has links, or else stands
/// for the first error's code.
public final class TimetableService: Sendable {
    /// A document, the error code it stands for as a whole, and where its upstream answers came from.
    public struct Answer<Document: Sendable>: Sendable {
        public let document: Document
        /// The code of the error the whole document stands for (every pair failed); nil for a success.
        public let failure: String?
        /// Its upstream answers taken together (`X-Cache`: STALE when any was stale, else MISS when
        /// any was fetched, else HIT; the oldest one's age), fresh until the whole document may be
        /// kept: while every answer in it is fresh, never when one failed or was stale. Nil when no
        /// upstream answered.
        public let provenance: Provenance?
    }

    /// The metrics of the upstream the timetable asks for connections.
    public var metrics: UpstreamMetrics {
        upstreams.client(for: upstreams.catalog[provider.connectionsRoute]!).metrics
    }

    let upstreams: Upstreams
    let directory: StationDirectory
    let provider: TimetableProvider
    let zone: ZoneRules
    /// The wall clock in milliseconds.
    public let now: @Sendable () -> Int64
    /// Seconds of the shared windows departures are asked for (15 minutes by default); 0 asks
    /// every query's own time.
    public let window: Int64

    /// A service over the given upstreams and station directory; `window` is the seconds of the
    /// shared windows departures are asked for (0: none); `now` is the wall clock in
    /// milliseconds, for "now" when a query has no date or time.
    public init(
        upstreams: Upstreams, directory: StationDirectory, provider: TimetableProvider, window: Int = 900,
        now: @escaping @Sendable () -> Int64 = WallClock.milliseconds
    ) throws {
        self.upstreams = upstreams
        self.directory = directory
        self.provider = provider
        self.window = Int64(max(0, window))
        zone = try ZoneRules.named("Europe/Zurich")
        self.now = now
        for id in provider.routeIDs where upstreams.catalog[id] == nil {
            throw TimetableError.missingRoute(id)
        }
    }

    /// One schedule per (origin, destination) pair, in request order.
    public func schedules(_ query: ConnectionQuery) async -> Answer<Schedules> {
        let position = query.position.map { (latitude: $0.latitude, longitude: $0.longitude) }
        let resolved = await resolve(query.origins + query.destinations + query.via, near: position, anywhere: query.anywhere)
        let moment = when(date: query.date, time: query.time)
        let via = query.via.map { resolved[$0]! }
        let pairs = query.origins.flatMap { origin in query.destinations.map { (origin, $0) } }
        let answers = await withTaskGroup(of: (Int, Schedule, Provenance?).self) { group in
            for (index, (origin, destination)) in pairs.enumerated() {
                let from = resolved[origin]!, to = resolved[destination]!
                group.addTask {
                    let (schedule, fetched) = await self.schedule(origin, destination, from, to, via: via, at: moment, query: query)
                    return (index, schedule, fetched)
                }
            }
            var ordered = [(Schedule, Provenance?)?](repeating: nil, count: pairs.count)
            for await (index, schedule, fetched) in group { ordered[index] = (schedule, fetched) }
            return ordered.compactMap { $0 }
        }
        let schedules = answers.map(\.0)
        let failure = schedules.contains { $0.error == nil } ? nil : schedules.first?.error?.code
        let provenance = keepable(answers.map(\.1), movesWithNow: query.cursors.count < pairs.count && (query.date == nil || query.time == nil))
        return Answer(document: Schedules(schedules), failure: failure, provenance: provenance)
    }

    /// The provenance of a document made of these answers (nil for one that failed), fresh while
    /// all are and, for a query without a date and time, only until the minute ends ("now" moves
    /// on); never when one of them failed.
    func keepable(_ parts: [Provenance?], movesWithNow: Bool) -> Provenance? {
        guard var whole = Provenance.combined(parts.compactMap { $0 }) else { return nil }
        if parts.contains(where: { $0 == nil }) { whole = whole.notToBeKept }
        if movesWithNow {
            let current = now()
            whole = whole.fresh(until: current - current % 60_000 + 60_000)
        }
        return whole
    }

    /// The stations nearest to a position, nearest first, with their distance in metres.
    public func nearby(_ position: Coordinate, limit: Int) -> [(station: Station, meters: Double)] {
        (try? directory.nearest(latitude: position.latitude, longitude: position.longitude, limit: limit)) ?? []
    }

    /// Stations matching `query`, best first; with a position, each with its distance. Without a
    /// query, the nearest stations, scored by nearness.
    public func locations(query: String?, near position: Coordinate?, limit: Int) -> [StationMatches.Match] {
        if let query {
            let found = (try? directory.search(query, limit: limit)) ?? []
            return found.map { entry in
                StationMatches.Match(
                    station: entry.station, score: entry.score,
                    meters: position.map {
                        StationDirectory.meters(
                            fromLatitude: $0.latitude, longitude: $0.longitude,
                            toLatitude: entry.station.latitude, longitude: entry.station.longitude)
                    })
            }
        }
        guard let position else { return [] }
        let near = nearby(position, limit: limit)
        return near.enumerated().map { index, entry in
            StationMatches.Match(station: entry.station, score: 1 / Double(index + 1), meters: entry.meters)
        }
    }

    /// The given date and time, or now in Swiss local time for what is missing.
    func when(date: LocalDate?, time: LocalTime?) -> TimetableMoment {
        let current = ZonedTime.local(atUTC: now() / 1000, in: zone)
        let date = date ?? current.flatMap { LocalDate(iso: $0.date) } ?? LocalDate(year: 2026, month: 1, day: 1)!
        let time = time ?? current.flatMap { LocalTime(iso: $0.time) } ?? LocalTime(hour: 0, minute: 0)!
        return TimetableMoment(date: date, time: time, zone: zone)
    }

    private func schedule(
        _ origin: String, _ destination: String, _ from: Result<Station, ScheduleError>, _ to: Result<Station, ScheduleError>,
        via: [Result<Station, ScheduleError>], at moment: TimetableMoment, query: ConnectionQuery
    ) async -> (Schedule, Provenance?) {
        var stations: [Station] = []
        for result in [from, to] + via {
            switch result {
            case .failure(let error): return (Schedule(from: origin, to: destination, links: [], error: error), nil)
            case .success(let station): stations.append(station)
            }
        }
        let scope = query.scope(origin: origin, destination: destination)
        let fetched: Fetched<Link>
        if let cursor = query.cursors[scope] {
            fetched = await Paging.page(cursor, limit: query.limit, sweepSize: ConnectionQuery.sweepSize, key: \.pageKey) { instant, size in
                await self.links(stations, at: self.moment(atUTC: instant), arrival: false, limit: size, query: query)
            }
        } else {
            var first = await links(stations, at: moment, arrival: query.isArrivalTime, limit: query.limit, query: query)
            first.items = Paging.first(first.items, limit: query.limit, key: \.pageKey)
            fetched = first
        }
        if let error = fetched.error {
            return (Schedule(from: origin, to: destination, links: [], error: error, staleAge: fetched.staleAge), fetched.provenance?.notToBeKept)
        }
        var schedule = Schedule(
            from: origin, to: destination,
            links: Paging.ordered(fetched.items, by: query.order, key: \.pageKey, predicted: \.predictedDeparture),
            staleAge: fetched.staleAge)
        schedule.credit = fetched.credit
        if let first = fetched.items.map(\.pageKey).min(), let last = fetched.items.map(\.pageKey).max() {
            schedule.earlier = PageCursor(direction: .earlier, key: first).encoded(scope: scope)
            schedule.later = PageCursor(direction: .later, key: last).encoded(scope: scope)
        }
        return (schedule, fetched.provenance)
    }

    /// The moment of an instant, in Swiss local time.
    func moment(atUTC instant: Int64) -> TimetableMoment {
        let local = ZonedTime.local(atUTC: instant, in: zone)
        let date = local.flatMap { LocalDate(iso: $0.date) } ?? LocalDate(year: 1970, month: 1, day: 1)!
        let time = local.flatMap { LocalTime(iso: $0.time) } ?? LocalTime(hour: 0, minute: 0)!
        return TimetableMoment(date: date, time: time, zone: zone)
    }

    /// The links between the stations from `moment` on (by `moment` with `arrival`), at least
    /// `limit` where the upstream has them, as the query wants them.
    ///
    /// Departures are asked for a shared window (``window``): from the start of the window
    /// `moment` falls in, as many as cover it and the limit (a tier, 8 or 16), so that everyone
    /// asking for the same stations within a window shares one upstream answer, cached as any
    /// other; the links before `moment` are dropped, and a window that leaves fewer than `limit`
    /// is followed by a request from its last departure (never cut short).
    func links(_ stations: [Station], at moment: TimetableMoment, arrival: Bool, limit: Int, query: ConnectionQuery) async -> Fetched<Link> {
        // Arrivals, journeys through vias (their search depends on where it starts) and the HAFAS
        // pages (a fixed number a page, whatever is asked) keep their own times.
        guard window > 0, !arrival, stations.count == 2, provider != .hafasHTML else {
            return await fetchLinks(stations, at: moment, arrival: arrival, limit: limit, query: query)
        }
        let asked = moment.instant
        var from = asked - ((asked % window) + window) % window
        let size = limit <= Self.smallWindow / 2 + 2 ? Self.smallWindow : ConnectionQuery.limits.upperBound
        var kept: [Link] = []
        var seen = Set<PageKey>()
        var answers: [Fetched<Link>] = []
        for _ in 0..<Self.windowFollowUps {
            let answer = await fetchLinks(stations, at: self.moment(atUTC: from), arrival: false, limit: size, query: query)
            answers.append(answer)
            guard answer.error == nil else { break }
            for link in answer.items where link.pageKey.instant >= asked && seen.insert(link.pageKey).inserted { kept.append(link) }
            // Enough, or nothing more to ask for: nothing later than where this request began.
            guard kept.count < limit, let last = answer.items.map(\.pageKey.instant).max(), last > from else { break }
            from = last
        }
        let provenances = answers.map(\.provenance)
        var whole = Provenance.combined(provenances.compactMap { $0 })
        if provenances.contains(where: { $0 == nil }) { whole = whole?.notToBeKept }
        if kept.isEmpty, let failed = answers.first(where: { $0.error != nil }) {
            return Fetched(error: failed.error, provenance: whole?.notToBeKept, staleAge: failed.staleAge)
        }
        return Fetched(items: kept, provenance: whole, staleAge: answers.compactMap(\.staleAge).max(), credit: answers.lazy.compactMap(\.credit).first)
    }

    /// The smaller of the two sizes a window is asked for.
    static let smallWindow = 8
    /// Requests for one window at most: itself and its follow-ups.
    static let windowFollowUps = 4

    /// One upstream request's links between the stations (origin, destination, via), as the
    /// query wants them: stops only when asked for, only the means of transport asked for.
    func fetchLinks(_ stations: [Station], at moment: TimetableMoment, arrival: Bool, limit: Int, query: ConnectionQuery) async -> Fetched<Link> {
        let route = upstreams.catalog[provider.connectionsRoute]!
        let parameters = provider.connectionParameters(
            from: stations[0], to: stations[1], via: Array(stations.dropFirst(2)), at: moment, arrival: arrival, limit: limit, stops: query.stops)
        let answer: UpstreamClient.Answer
        do {
            answer = try await upstreams.client(for: route).extract(route, parameters: parameters)
        } catch {
            return Fetched(error: ScheduleError(code: error.code, message: error.message))
        }
        let staleAge = answer.provenance.source == .stale ? answer.provenance.age : nil
        let provenance = staleAge == nil ? answer.provenance : answer.provenance.notToBeKept
        switch answer.extraction.outcome {
        case .failure(let failure):
            return Fetched(error: ScheduleError(code: failure.code, message: failure.message), provenance: provenance.notToBeKept, staleAge: staleAge)
        case .success(let lists):
            var links = ConnectionRecords.links(lists, zone: zone)
            if !query.stops {
                for link in links.indices {
                    for part in links[link].parts.indices { links[link].parts[part].stops = [] }
                }
            }
            if !query.transports.isEmpty {
                links = links.filter { link in
                    link.parts.allSatisfy { part in
                        part.vehicle == "Walk" || Station.Kind(vehicle: part.vehicle).map(query.transports.contains) == true
                    }
                }
            }
            return Fetched(items: links, provenance: provenance, staleAge: staleAge, credit: ConnectionRecords.credit(lists))
        }
    }
}

/// Why the timetable cannot start.
public enum TimetableError: Error, CustomStringConvertible {
    case missingRoute(String)

    public var description: String {
        switch self {
        case .missingRoute(let id): "the timetable needs the route \(id), which the route folder does not have"
        }
    }
}

extension Station.Kind {
    /// The kind a part's vehicle stands for; nil for walks and others.
    public init?(vehicle: String) {
        switch vehicle {
        case "Train": self = .train
        case "Tram": self = .tram
        case "Bus": self = .bus
        case "Ship": self = .ship
        case "Cableway": self = .cableway
        default: return nil
        }
    }
}
