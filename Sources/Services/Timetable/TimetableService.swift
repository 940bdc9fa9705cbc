public import Model
import Scrape
public import Store
public import Upstream

/// Connections between lists of stations: names resolved against the station directory, one
/// upstream request per (origin, destination) pair, all pairs at once, records turned into
/// `Schedules`.
///
/// ```swift
/// let timetable = TimetableService(upstreams: upstreams, directory: directory, provider: .hafasExtxml)
/// let answer = await timetable.schedules(query)   // answer.document, answer.status
/// ```
///
/// A pair that fails (a name that is ambiguous or unknown, no connections, the upstream down)
/// carries its own error; the answer is 200 when at least one pair has links, or else takes the
/// first error's status.
public final class TimetableService: Sendable {
    /// The schedules, and the HTTP status the whole answer takes.
    public struct Answer: Sendable {
        public let document: Schedules
        public let status: Int
        /// Until when (wall clock, milliseconds) every pair's answer is fresh, when all are: the
        /// whole document may be kept that long. Nil when a pair failed or was stale.
        public let freshUntil: Int64?
    }

    /// The metrics of the upstream the timetable asks, where answers kept in front of it count as hits.
    public var metrics: UpstreamMetrics {
        upstreams.client(for: upstreams.catalog[provider.connectionsRoute]!).metrics
    }

    private let upstreams: Upstreams
    private let directory: StationDirectory
    private let provider: TimetableProvider
    private let zone: ZoneRules
    /// The wall clock in milliseconds.
    public let now: @Sendable () -> Int64

    /// A service over the given upstreams and station directory; `now` is the wall clock in
    /// milliseconds, for "now" when a query has no date or time.
    public init(
        upstreams: Upstreams, directory: StationDirectory, provider: TimetableProvider,
        now: @escaping @Sendable () -> Int64 = WallClock.milliseconds
    ) throws {
        self.upstreams = upstreams
        self.directory = directory
        self.provider = provider
        zone = try ZoneRules.named("Europe/Zurich")
        self.now = now
        for id in provider.routeIDs where upstreams.catalog[id] == nil {
            throw TimetableError.missingRoute(id)
        }
    }

    /// One schedule per (origin, destination) pair, in request order.
    public func schedules(_ query: ConnectionQuery) async -> Answer {
        let position = query.position.map { (latitude: $0.latitude, longitude: $0.longitude) }
        var resolved: [String: Result<Station, ScheduleError>] = [:]
        for name in query.origins + query.destinations where resolved[name] == nil {
            resolved[name] = resolve(name, near: position)
        }
        let (date, time) = when(query)
        let pairs = query.origins.flatMap { origin in query.destinations.map { (origin, $0) } }
        let answers = await withTaskGroup(of: (Int, Schedule, Int64?).self) { group in
            for (index, (origin, destination)) in pairs.enumerated() {
                let from = resolved[origin]!, to = resolved[destination]!
                group.addTask {
                    let (schedule, freshUntil) = await self.schedule(origin, destination, from, to, date: date, time: time, query: query)
                    return (index, schedule, freshUntil)
                }
            }
            var ordered = [(Schedule, Int64?)?](repeating: nil, count: pairs.count)
            for await (index, schedule, freshUntil) in group { ordered[index] = (schedule, freshUntil) }
            return ordered.compactMap { $0 }
        }
        let schedules = answers.map(\.0)
        let status = schedules.contains { $0.error == nil } ? 200 : (schedules.first?.error?.status ?? 200)
        var freshUntil: Int64? = answers.allSatisfy { $0.1 != nil } ? answers.compactMap(\.1).min() : nil
        // "Now" moves on: a query without a date and time is only the same until the minute ends.
        if query.date == nil || query.time == nil, let until = freshUntil {
            let current = now()
            freshUntil = min(until, current - current % 60_000 + 60_000)
        }
        return Answer(document: Schedules(schedules), status: status, freshUntil: freshUntil)
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

    private func resolve(_ name: String, near position: (latitude: Double, longitude: Double)?) -> Result<Station, ScheduleError> {
        // A position off the globe was refused with the request; a directory failure reads as unknown.
        switch (try? directory.resolve(name, near: position)) ?? .unknown(suggestions: []) {
        case .found(let station):
            return .success(station)
        case .ambiguous(let candidates):
            return .failure(ScheduleError(
                code: "ambiguous_station", status: 400,
                message: "\"\(name)\" matches \(candidates.count) stations; name one of them, or send lat and lon.",
                candidates: Array(candidates.prefix(10))))
        case .unknown(let suggestions):
            return .failure(ScheduleError(
                code: "unknown_station", status: 404,
                message: "No station is called \"\(name)\"." + (suggestions.isEmpty ? "" : " Did you mean one of the suggestions?"),
                candidates: Array(suggestions.prefix(5))))
        }
    }

    /// The query's date and time, or now in Swiss local time.
    private func when(_ query: ConnectionQuery) -> (LocalDate, LocalTime) {
        let current = ZonedTime.local(atUTC: now() / 1000, in: zone)
        let date = query.date ?? current.flatMap { LocalDate(iso: $0.date) } ?? LocalDate(year: 2026, month: 1, day: 1)!
        let time = query.time ?? current.flatMap { LocalTime(iso: $0.time) } ?? LocalTime(hour: 0, minute: 0)!
        return (date, time)
    }

    private func schedule(
        _ origin: String, _ destination: String, _ from: Result<Station, ScheduleError>, _ to: Result<Station, ScheduleError>,
        date: LocalDate, time: LocalTime, query: ConnectionQuery
    ) async -> (Schedule, freshUntil: Int64?) {
        let stations: (from: Station, to: Station)
        switch (from, to) {
        case (.failure(let error), _), (_, .failure(let error)):
            return (Schedule(from: origin, to: destination, links: [], error: error), nil)
        case (.success(let first), .success(let second)):
            stations = (first, second)
        }
        let route = upstreams.catalog[provider.connectionsRoute]!
        let parameters = provider.connectionParameters(
            from: stations.from, to: stations.to, date: date, time: time, arrival: query.isArrivalTime)
        let answer: UpstreamClient.Answer
        do {
            answer = try await upstreams.client(for: route).extract(route, parameters: parameters)
        } catch {
            return (Schedule(from: origin, to: destination, links: [], error: ScheduleError(
                code: error.code, status: error.status, message: error.message)), nil)
        }
        let staleAge = answer.source == .stale ? answer.age : nil
        switch answer.extraction.outcome {
        case .failure(let failure):
            return (Schedule(
                from: origin, to: destination, links: [],
                error: ScheduleError(code: failure.code, status: failure.status, message: failure.message), staleAge: staleAge), nil)
        case .success(let lists):
            var links = ConnectionRecords.links(lists)
            if !query.transports.isEmpty {
                links = links.filter { link in
                    link.parts.allSatisfy { part in
                        part.vehicle == "Walk" || Station.Kind(vehicle: part.vehicle).map(query.transports.contains) == true
                    }
                }
            }
            return (
                Schedule(from: origin, to: destination, links: Array(links.prefix(query.limit)), staleAge: staleAge),
                staleAge == nil ? answer.freshUntil : nil)
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
    init?(vehicle: String) {
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
