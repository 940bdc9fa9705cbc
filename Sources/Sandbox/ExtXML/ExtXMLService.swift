import Model

/// Answers extxml.exe request bodies from a timetable, as SBB's server would: connections,
/// station lookups, station boards, and HAFAS errors for what it cannot answer.
///
/// ```swift
/// let service = ExtXMLService(model: TimetableModel(stations: SwissStations.all))
/// let answer = service.respond(to: requestBody, contentType: "text/xml; charset=iso-8859-1")
/// ```
///
/// The answer is always an XML document in ISO-8859-1 (HAFAS answers errors with status 200 too).
public struct ExtXMLService: Sendable {
    /// The timetable answered from.
    public let model: TimetableModel
    /// At most this many connections per request.
    public static let maximumConnections = 16
    /// Board entries per request.
    public static let boardLength = ResultCount(standard: 20, maximum: 100)
    /// Candidates per station lookup.
    public static let lookupLength = 40

    private var renderer: ExtXMLRenderer { ExtXMLRenderer(model: model) }

    /// A service over a timetable.
    public init(model: TimetableModel) {
        self.model = model
    }

    /// The answer to a request body.
    public func respond(to body: [UInt8], contentType: String? = nil) -> [UInt8] {
        let request: ExtXMLRequest
        do {
            request = try ExtXMLRequest.parse(body, contentType: contentType)
        } catch {
            return ExtXMLRenderer.error(.unreadable(error.message))
        }
        return respond(to: request)
    }

    /// The answer to a parsed request.
    public func respond(to request: ExtXMLRequest) -> [UInt8] {
        switch request {
        case .connections(let query): connections(query)
        case .locations(let queries): renderer.locations(queries.map { ($0.id, model.matches(for: Self.pattern($0.match), limit: Self.lookupLength)) })
        case .stationBoard(let query): stationBoard(query)
        }
    }

    private func connections(_ query: ExtXMLRequest.ConnectionQuery) -> [UInt8] {
        guard let origin = station(query.start) else { return ExtXMLRenderer.error(.unknownDeparture) }
        guard let destination = station(query.destination) else { return ExtXMLRenderer.error(.unknownArrival) }
        guard let time = Self.localTime(date: query.date, time: query.time) else { return ExtXMLRenderer.error(.invalidDate) }
        var via: [Station] = []
        for reference in query.via {
            guard let station = station(reference) else { return ExtXMLRenderer.error(.unknownVia) }
            via.append(station)
        }
        let found: [Connection]
        do {
            found = try model.connections(
                from: origin, to: destination, via: via, at: time, isArrivalTime: query.isArrivalTime,
                limit: min(query.count, Self.maximumConnections))
        } catch {
            return ExtXMLRenderer.error(error == .tooClose ? .sameStation : .unknownDeparture)
        }
        guard !found.isEmpty else { return ExtXMLRenderer.error(.noConnections) }
        let context = "sb.\(String(StableHash(origin.id, destination.id, query.date, query.time).value % 1_000_000_000, radix: 10)).1#1"
        return renderer.connections(found, context: context)
    }

    private func stationBoard(_ query: ExtXMLRequest.BoardQuery) -> [UInt8] {
        guard let station = station(query.station) else { return ExtXMLRenderer.error(.invalidBoardInput) }
        guard let time = Self.localTime(date: query.date, time: query.time) else { return ExtXMLRenderer.error(.invalidDate) }
        let limit = Self.boardLength.clamped(query.maxJourneys)
        let entries = (try? query.isArrivalBoard
            ? model.arrivals(at: station, from: time, limit: limit)
            : model.departures(at: station, from: time, limit: limit)) ?? []
        guard !entries.isEmpty else { return ExtXMLRenderer.error(.noTrains) }
        return renderer.stationBoard(entries, arrivals: query.isArrivalBoard)
    }

    /// A request's station: by id when it gives one the timetable knows, else by name.
    private func station(_ reference: ExtXMLRequest.StationReference) -> Station? {
        if let id = reference.externalID, let station = model.station(id: id) { return station }
        if let name = reference.name { return model.resolve(name) }
        return nil
    }

    /// A lookup text without HAFAS's wildcard marks (`Bern?`, `Bern!`).
    static func pattern(_ match: String) -> String {
        String(match.reversed().drop { $0 == "?" || $0 == "!" }.reversed())
    }

    /// `YYYYMMDD` and `HH:MM[:SS]` as a reading.
    static func localTime(date: String, time: String) -> LocalDateTime? {
        guard let day = CalendarDate(compact: date) else { return nil }
        let parts = time.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), parts.allSatisfy({ (1...2).contains($0.count) && $0.allSatisfy(\.isASCII) }),
              let hour = Int(parts[0]), let minute = Int(parts[1]), let second = parts.count == 3 ? Int(parts[2]) : 0
        else { return nil }
        return LocalDateTime(year: day.year, month: day.month, day: day.day, hour: hour, minute: minute, second: second)
    }
}
