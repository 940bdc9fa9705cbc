import Model

/// Answers MOTIS 2's JSON API (the engine of api.transitous.org) from a timetable, on its paths:
/// `GET /api/v5/plan`, `/api/v5/stoptimes`, `/api/v1/geocode` and `/api/v1/reverse-geocode`
/// (``MotisRenderer``).
///
/// ```swift
/// let service = MotisService(model: TimetableModel(stations: SwissStations.all), now: { 1_780_000_000 })
/// let answer = service.respond(path: "/api/v5/plan", query: "fromPlace=46.9488,7.4391&toPlace=ch-opentransportdataswiss_Parent8503000", userAgent: "app/1 (me@example.org)")
/// // answer.status: 200, answer.body: {"requestParameters":{},"debugOutput":{},"from":{…
/// ```
///
/// A place is `lat,lon` (the nearest station within a kilometre, walked to and from unless it is
/// within 50 m) or a stop id `ch-opentransportdataswiss_Parent<UIC number>`; times are RFC 3339 instants, now by default. Paging
/// follows MOTIS: `previousPageCursor` is `EARLIER|<seconds>`, `nextPageCursor` `LATER|<seconds>`,
/// sent back as `pageCursor` in place of the time. What MOTIS refuses it refuses the same way,
/// `{"error": "..."}`: 400 for a missing or unreadable parameter, 404 for a stop id it does not
/// have (its message, "Could not find timetable location"), 500 for a page cursor it cannot read.
/// As Transitous does, a request without a User-Agent is 403 in plain text.
public struct MotisService: Sendable {
    public static let planPath = "/api/v5/plan"
    public static let stopTimesPath = "/api/v5/stoptimes"
    public static let geocodePath = "/api/v1/geocode"
    public static let reverseGeocodePath = "/api/v1/reverse-geocode"
    /// The prefix of the sandbox's stop ids: the Swiss feed's parent stations, as Transitous names
    /// them (`ch-opentransportdataswiss_Parent8507000`); the prefix without `Parent` is read too.
    public static let stopPrefix = "ch-opentransportdataswiss_Parent"
    static let feedPrefix = "ch-opentransportdataswiss_"
    /// Journeys per request at most, and by default.
    static let itineraries = ResultCount(standard: 5, maximum: 16)
    /// Stop times per request at most.
    static let stopTimes = ResultCount(standard: 20, maximum: 256)
    /// Matches a place search gives.
    static let matchCount = 10
    /// How far from a position a station is walked to, in metres.
    static let walkRadius = 1_000.0
    /// A position closer than this to a station, in metres, is the station.
    static let atStation = 50.0
    /// Walking speed, metres a second.
    static let walkingSpeed = 1.2

    /// The timetable answered from.
    public let model: TimetableModel
    let now: @Sendable () -> Int64

    /// A service over a timetable; `now` gives seconds since 1970, for a request without a time.
    public init(model: TimetableModel, now: @escaping @Sendable () -> Int64) {
        self.model = model
        self.now = now
    }

    /// Whether the answer depends only on the request: false when it takes "now" for a missing
    /// time (plan and stop times without `time` or `pageCursor`).
    public static func namesItsTime(query raw: Substring?) -> Bool {
        guard let query = try? WebQuery(raw) else { return true }
        let asks = query["fromPlace"] != nil || query["n"] != nil
        return !asks || !(query["time"] ?? "").isEmpty || !(query["pageCursor"] ?? "").isEmpty
    }

    /// The answer to a GET of `path` with a raw (still percent-encoded) query and the request's User-Agent.
    public func respond(path: String, query raw: Substring?, userAgent: String?) -> WebAnswer {
        guard let agent = userAgent, !agent.trimmingSpaces.isEmpty else {
            return WebAnswer(
                status: 403, contentType: "text/plain; charset=utf-8",
                body: Array("Empty user-agent header is not allowed. Please review the usage policy: https://transitous.org/api/\n".utf8))
        }
        guard let query = try? WebQuery(raw) else { return .tooLong }
        switch path {
        case Self.planPath: return plan(query)
        case Self.stopTimesPath: return stopTimes(query)
        case Self.geocodePath: return geocode(query)
        case Self.reverseGeocodePath: return reverseGeocode(query)
        default: return .notFound
        }
    }

    static func json(_ status: Int, _ body: [UInt8]) -> WebAnswer {
        WebAnswer(status: status, contentType: "application/json", body: body)
    }

    static func error(_ status: Int, _ message: String) -> WebAnswer {
        var answer = JSONAnswer()
        answer.object { $0.string("error", message) }
        return json(status, answer.bytes)
    }

    var renderer: MotisRenderer { MotisRenderer(clock: model.clock) }

    /// A place a request names: a station by stop id, or a position with the station nearest it.
    enum Place {
        case stop(Station)
        case position(GeoPoint, Station, metres: Double)

        var station: Station {
            switch self {
            case .stop(let station), .position(_, let station, _): station
            }
        }
    }

    /// Why a place cannot be used.
    enum PlaceProblem: Error {
        /// A stop id the timetable does not have (404).
        case unknown(String)
        /// A position with no station within reach (the plan finds nothing).
        case unreachable
    }

    /// The place `text` names.
    func place(_ text: String) -> Result<Place, PlaceProblem> {
        if let point = WebQuery.coordinate(text) {
            guard let (station, metres) = model.nearestStations(to: point, within: Self.walkRadius, limit: 1).first else { return .failure(.unreachable) }
            // At the station itself (its own coordinates, as a directory gives them): no walk.
            return .success(metres < Self.atStation ? .stop(station) : .position(point, station, metres: metres))
        }
        let number = text.hasPrefix(Self.stopPrefix) ? text.dropFirst(Self.stopPrefix.count) : text.hasPrefix(Self.feedPrefix) ? text.dropFirst(Self.feedPrefix.count) : nil
        guard let number, let station = model.station(id: String(number)) else { return .failure(.unknown(text)) }
        return .success(.stop(station))
    }

    /// The message MOTIS gives for a stop id it does not have.
    static func unknownLocation(_ id: String) -> WebAnswer {
        error(404, "Could not find timetable location \"\(id.prefix(100))\", tag=\(id.prefix(100).split(separator: "_").first ?? ""), id=, src=0")
    }

    /// The instant a request names by `time` (RFC 3339), or now; nil when it is not one.
    func instant(_ text: String?) -> Int64?? {
        guard let text, !text.isEmpty else { return .some(nil) }
        guard let instant = OJPTime.instant(text, clock: model.clock) else { return nil }
        return .some(instant)
    }

    /// A page cursor: its direction (true: earlier) and instant; nil when it is not one.
    static func cursor(_ text: String) -> (earlier: Bool, instant: Int64)? {
        let parts = text.split(separator: "|", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0] == "EARLIER" || parts[0] == "LATER", parts[1].utf8.count <= 12, let seconds = Int64(parts[1]) else { return nil }
        return (parts[0] == "EARLIER", seconds)
    }

    /// Seconds walked over `metres`, in whole minutes as MOTIS rounds a footpath.
    static func walkSeconds(_ metres: Double) -> Int64 {
        max(60, Int64((metres / walkingSpeed / 60).rounded(.up)) * 60)
    }

    /// A parameter MOTIS cannot read, with its message.
    struct BadParameter: Error {
        let message: String
    }

    /// A whole number in `range`, or nil when absent; a failure when unreadable.
    static func number(_ text: String?, _ name: String, _ range: ClosedRange<Int>) -> Result<Int?, BadParameter> {
        guard let text, !text.isEmpty else { return .success(nil) }
        guard text.utf8.count <= 9, let value = Int(text), range.contains(value) else {
            return .failure(BadParameter(message: "bad request: could not parse \(name) \"\(text.prefix(40))\""))
        }
        return .success(value)
    }
}
