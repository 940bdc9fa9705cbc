import Model

/// Answers transport.opendata.ch's v1 API from a timetable, on its paths: `GET /v1/connections`,
/// `/v1/stationboard` and `/v1/locations`, in the API's JSON (``OpendataRenderer``).
///
/// ```swift
/// let service = OpendataService(model: TimetableModel(stations: SwissStations.all), now: { 1_780_000_000 })
/// let answer = service.respond(path: "/v1/connections", query: "from=8507000&to=8503000&date=2026-05-12&time=08:00")
/// // answer.status: 200, answer.body: {"connections":[{"from":{"station":{"id":"8507000",…
/// ```
///
/// Stations are asked for by id or by name, as the timetable's search resolves them. What the API
/// refuses it refuses the same way: more than 16 connections, page 11 or five vias too many are 400
/// with `{"errors":["…"]}` (its validation, lib/Transport/Web/ConnectionQueryParser.php); a board
/// of more than 420 journeys is 400 with its plain-text message; connections without `from` or `to`
/// are 500 with the error timetable.search.ch gives (samples/error-500-incomplete-route.json).
/// Stations the search does not find give no connections with `from` and `to` null, or a board
/// with `station` null. The wording of the errors nothing recorded is the sandbox's own.
public struct OpendataService: Sendable {
    /// The connections path.
    public static let connectionsPath = "/v1/connections"
    /// The station board path.
    public static let boardPath = "/v1/stationboard"
    /// The location search path.
    public static let locationsPath = "/v1/locations"
    /// Connections per request; more is refused.
    public static let connections = ResultCount(standard: 4, maximum: 16)
    /// The last page of connections.
    public static let maximumPage = 10
    /// Via stations at most.
    public static let maximumVia = 5
    /// Journeys per board; more is refused.
    public static let journeys = ResultCount(standard: 40, maximum: 420)
    /// Stations a location search gives.
    public static let locationCount = 10
    /// How far from a position stations are looked for, in metres.
    public static let nearbyRadius = 3_000.0

    /// The timetable answered from.
    public let model: TimetableModel
    private let now: @Sendable () -> Int64

    /// A service over a timetable; `now` gives seconds since 1970, for a request without a time.
    public init(model: TimetableModel, now: @escaping @Sendable () -> Int64) {
        self.model = model
        self.now = now
    }

    /// The answer to a GET of `path` with a raw (still percent-encoded) query.
    public func respond(path: String, query raw: Substring?) -> WebAnswer {
        guard let query = try? WebQuery(raw) else { return .tooLong }
        switch path {
        case Self.connectionsPath: return connections(query)
        case Self.boardPath: return board(query)
        case Self.locationsPath: return locations(query)
        default: return .notFound
        }
    }

    /// Whether the answer depends only on the request: false when it takes "now" for a missing time.
    public static func namesItsTime(path: String, query raw: Substring?) -> Bool {
        guard let query = try? WebQuery(raw) else { return true }
        switch path {
        case connectionsPath: return !(query["date"] ?? "").isEmpty && !(query["time"] ?? "").isEmpty
        case boardPath: return !(query["datetime"] ?? query["date"] ?? "").isEmpty
        default: return true
        }
    }

    var renderer: OpendataRenderer { OpendataRenderer(clock: model.clock) }

    static func json(_ status: Int, _ body: [UInt8]) -> WebAnswer {
        WebAnswer(status: status, contentType: "application/json", body: body)
    }

    /// A station by id or by name, as the API's location search finds it.
    func station(_ text: String) -> Station? {
        let trimmed = text.trimmingSpaces
        guard !trimmed.isEmpty, trimmed.utf8.count <= 256 else { return nil }
        return model.resolve(trimmed)
    }

    /// The reading a request names, or now; nil when the text is not a date and time.
    func reading(date: String?, time: String?) -> LocalDateTime? {
        let current = model.clock.moment(now()).local
        var day = current.date
        if let date, !date.isEmpty {
            let parts = date.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 3, parts[0].count == 4, let year = Int(parts[0]), let month = Int(parts[1]), let dayOfMonth = Int(parts[2]),
                let given = CalendarDate(year: year, month: month, day: dayOfMonth)
            else { return nil }
            day = given
        }
        var seconds = current.secondOfDay / 60 * 60
        if let time, !time.isEmpty {
            let parts = time.split(separator: ":", omittingEmptySubsequences: false)
            guard (2...3).contains(parts.count), parts.allSatisfy({ (1...2).contains($0.count) }),
                let hour = Int(parts[0]), let minute = Int(parts[1]), (0..<24).contains(hour), (0..<60).contains(minute)
            else { return nil }
            seconds = hour * 3600 + minute * 60
        }
        return LocalDateTime(date: day, secondOfDay: seconds)
    }
}

