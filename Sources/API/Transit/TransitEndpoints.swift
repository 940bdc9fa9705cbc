import Kernel
import Markup
import Model
import Server
import Services

/// The transit endpoints: `/api/transit/…`, any configured agency's stops, departures, alerts,
/// and the stations near a position across all of them.
enum TransitEndpoints {
    /// Stops near a position from elsewhere (a timetable provider that answers by position), for
    /// where no agency has one: the position, metres, stations and departures each.
    typealias Beyond = @Sendable (Coordinate, Double, Int, Int) async -> [TransitNearby.Entry]?

    /// The endpoints the transit service answers; `beyond` answers `nearby` where no agency has a stop.
    static func endpoints(transit: TransitService, beyond: Beyond? = nil) -> [Endpoint] {
        let answers = SecondlyAnswers()
        return [
            agencies.answeringInline { request, _ in
                .document(transit.report().node, for: request, cache: .maxAge(10))
            },
            stops.answeringInline(as: StopsArguments.self) { request, arguments in
                let found: TransitStops
                do throws(TransitService.Failure) {
                    if let position = arguments.position {
                        found = try transit.stops(agency: arguments.agency, near: position, limit: arguments.limit)
                    } else {
                        found = try transit.stops(agency: arguments.agency, matching: arguments.query ?? "", limit: arguments.limit)
                    }
                } catch {
                    throw Self.catalogued(error, agency: arguments.agency)
                }
                return .document(found.node, for: request, cache: .maxAge(3600))
            },
            departures.answering(
                as: DeparturesArguments.self,
                // Answered on the server thread while the feeds are in service, rendered once per second per
                // request as sent: a request found kept for this second and these feeds needs no decoding,
                // as only decoded ones were ever kept.
                lookup: { request in
                    guard let kept = answers.entry(Self.key(request)), kept.second == transit.now, kept.version == transit.stamp else { return nil }
                    return Self.response(kept.body, kept.age, request: request)
                },
                immediate: { request, arguments in
                    // Read before the feeds: one put in service meanwhile changes it, and the answer is made anew.
                    let stamp = transit.stamp
                    let second = transit.now
                    let board: TransitDepartures?
                    do throws(TransitService.Failure) {
                        board = try transit.departuresNow(
                            agency: arguments.agency, stop: arguments.stop, from: Self.from(arguments, transit: transit),
                            window: Int64(arguments.window) * 60, limit: arguments.limit)
                    } catch {
                        throw Self.catalogued(error, agency: arguments.agency)
                    }
                    guard let board else { return nil }
                    let age = board.feed?.age
                    let body = PreparedBody(Response.render(board.node, as: request.format, pretty: request.pretty))
                    answers.keep(Self.key(request), version: stamp, second: second, age: age, body)
                    return Self.response(body, age, request: request)
                },
                handler: { request, arguments in
                    let from = Self.from(arguments, transit: transit)
                    let board: TransitDepartures
                    do throws(TransitService.Failure) {
                        board = try await transit.departures(
                            agency: arguments.agency, stop: arguments.stop, from: from, window: Int64(arguments.window) * 60, limit: arguments.limit)
                    } catch {
                        throw Self.catalogued(error, agency: arguments.agency)
                    }
                    var response = Response.document(board.node, for: request, cache: .maxAge(Self.freshFor(age: board.feed?.age)))
                    if let age = board.feed?.age { response.headers.set("Age", String(age)) }
                    return response
                }),
            nearby.answering(as: TransitNearbyArguments.self) { request, arguments in
                var found = await transit.nearby(arguments.position, radius: Double(arguments.radius), limit: arguments.limit, departures: arguments.departures)
                if found.stops.isEmpty, let beyond,
                    let stops = await beyond(arguments.position, Double(arguments.radius), arguments.limit, arguments.departures)
                {
                    found = TransitNearby(stops: stops)
                }
                return .document(found.node, for: request, cache: .maxAge(Self.freshFor(age: found.stops.first?.feed?.age)))
            },
            alerts.answering(as: AgencyArguments.self) { request, arguments in
                let found: [Alert]
                do throws(TransitService.Failure) {
                    found = try await transit.alerts(agency: arguments.agency)
                } catch {
                    throw Self.catalogued(error, agency: arguments.agency)
                }
                return .document(TransitAlerts(agency: arguments.agency, alerts: found).node, for: request, cache: .maxAge(30))
            },
        ]
    }

    /// A kept answer's key: the path, the format and the query as sent.
    static func key(_ request: Request) -> String {
        RenderedAnswers.key(request, scope: request.path)
    }

    /// When the departures start: `time` in the agency's zone, or now.
    static func from(_ arguments: DeparturesArguments, transit: TransitService) -> Int64 {
        guard let (date, time) = arguments.time else { return transit.now }
        let zone = transit.agency(arguments.agency)?.timetable.database?.timeZone ?? .utc
        return ZonedTime.instant(year: date.year, month: date.month, day: date.day, hour: time.hour, minute: time.minute, in: zone)
    }

    /// A kept rendering as an answer, with the feed's age.
    static func response(_ body: PreparedBody, _ age: Int?, request: Request) -> Response {
        var headers = HTTPHeaders(contentType: request.format.contentType)
        if let age { headers.add("Age", String(age)) }
        return Response(headers: headers, body: .prepared(body), cache: .maxAge(freshFor(age: age)), negotiated: true)
    }

    /// Seconds a document joined with a feed stays fresh: the rest of the feed's 30 seconds.
    static func freshFor(age: Int?) -> Int {
        max(0, 30 - (age ?? 0))
    }

    static func catalogued(_ failure: TransitService.Failure, agency: String) -> CataloguedError {
        switch failure {
        case .unknownAgency(let name):
            CataloguedError(ServiceCode.unknownAgency, "No transit agency is configured as \"\(name.prefix(40))\"; /api/transit/agencies lists them.")
        case .unknownStop(let id, let suggestions):
            CataloguedError(
                ServiceCode.unknownStation,
                "The agency \(agency) has no stop \"\(id.prefix(60))\"."
                    + (suggestions.isEmpty ? "" : " Stops named like it: " + suggestions.map { "\($0.id) (\($0.name))" }.joined(separator: ", ") + "."))
        case .noTimetable(let why):
            CataloguedError(ServiceCode.noTimetable, "The timetable of \(agency) is not in service: \(why)", retryAfter: 30)
        }
    }

    static let agencyParameter = Parameter.path("agency", .text, "The agency's key, as /api/transit/agencies lists it (`bart`).")

    static let agencies = Endpoint(
        "/api/transit/agencies", id: "transitAgencies", tag: "transit",
        summary: "The configured transit agencies, with their timetables' and real-time feeds' state and age.",
        description: """
            `agencies/agency` with name, static (the static GTFS feed's address or file), state (importing, ready, failed), \
            timezone, version, valid_from, valid_until, imported, stops, routes, trips, failure (why the last import failed) \
            and `feeds/feed`: kind (trip-updates, alerts), url, state (ok, failing, waiting), age, generated, failure.
            """,
        output: .documents([.transitAgencies]), outputDoc: "`agencies`.")

    static let stops = Endpoint(
        "/api/transit/{agency}/stops", id: "transitStops", tag: "transit",
        summary: "An agency's stops by name (`query`), or nearest first with their distance (`lat`, `lon`).",
        description: """
            `stops/stop` with agency, id (the GTFS stop_id), name, lat, lon, platform (a platform's code), parent (its \
            station) and, with a position, `distance` (m, km, miles). An unknown agency is a 404 `unknown_agency`; an \
            agency whose timetable is not in service yet a 503 `no_timetable` with Retry-After.
            """,
        output: .documents([.transitStops]), outputDoc: "`stops`.",
        rules: [.oneOf(["query", "position"])], errors: [ServiceCode.unknownAgency, ServiceCode.noTimetable]
    ) {
        agencyParameter
        Parameter.query("query", .text, "A name or the start of one, any case and accents.")
        Parameter.position("The position, in degrees: stops nearest first.")
        Parameter.query("limit", .integer(1...50), default: 10, "Stops.")
    }

    static let departures = Endpoint(
        "/api/transit/{agency}/stops/{stop}/departures", id: "transitDepartures", tag: "transit",
        summary: "The next departures at a stop, or at every platform of a station, with planned and predicted times, cancellations and alerts.",
        description: """
            `departures` with `generated` and `age` (the agency's trip updates feed: its timestamp and seconds since it was \
            fetched; absent without one in service), the `stop`, `alerts/alert` (those about the station as a whole: its stops, \
            or the whole agency), and `departures/departure`: time (the timetable's), \
            time_predicted, delay (minutes), realtime (asserted: the feed predicts this stop; propagated: from a prediction \
            at an earlier stop of the run; scheduled: the feed says nothing of the run, never shown as on time), cancelled \
            (the run), departure_cancelled (a skipped stop), added (a run the feed adds), route (short name), route_id, color, \
            text_color, headsign, platform, stop_id, trip_id, service_date, and `alerts/alert` (the agency's alerts about the \
            run or its route). Soonest first by predicted time. A stop the agency lacks is a 404 `unknown_station` \
            naming stops like it.
            """,
        output: .documents([.transitDepartures]), outputDoc: "`departures`.",
        errors: [ServiceCode.unknownAgency, ServiceCode.unknownStation, ServiceCode.noTimetable], cost: .upstream(miss: 2)
    ) {
        agencyParameter
        Parameter.path("stop", .text, "The GTFS stop_id of a stop or a station (`12TH`).")
        Parameter.query(
            "time", .dateTime(space: false, seconds: true), problem: "must be a local date and time, YYYY-MM-DDTHH:MM[:SS]",
            "From when, in the agency's local time (`2026-12-09T08:30`); now by default.")
        Parameter.query("limit", .integer(1...100), default: 10, "Departures.")
        Parameter.query("window", .integer(1...1440), default: 120, "Minutes from `time` to look ahead.")
    }

    static let nearby = Endpoint(
        "/api/transit/nearby", id: "transitNearby", tag: "transit",
        summary: "The stations near a position across every agency, nearest first, each with its distance and next departures: a phone's first screen in one request.",
        description: """
            `nearby/stop`: agency, id, name, lat, lon, `distance` (m, km, miles), `generated` and `age` of the agency's trip \
            updates, the station's `alerts/alert`, and `departures/departure` as in a stop's departures, within the next hour. A station is a parent station \
            with all its platforms, or a stop with the stops of the same name at the same place (BART's `19TH` and `19TH_N`). \
            Where no agency has a stop within the radius and the timetable's provider answers by position (`transitous`, \
            `motis`), its stops are listed instead, by MOTIS's stop times around the position (agency: the provider).
            """,
        output: .documents([.transitNearby]), outputDoc: "`nearby`.", cost: .upstream(miss: 2)
    ) {
        Parameter.position(required: true, "The position, in degrees.")
        Parameter.query("radius", .integer(50...5000), default: 1000, "Metres around the position.")
        Parameter.query("limit", .integer(1...10), default: 3, "Stations.")
        Parameter.query("departures", .integer(1...20), default: 5, "Departures per station.")
    }

    static let alerts = Endpoint(
        "/api/transit/{agency}/alerts", id: "transitAlerts", tag: "transit",
        summary: "An agency's service alerts in force now.",
        description: """
            `alerts/alert` with id, header, description, cause, effect, severity, from and until (the period in force) and url, \
            in the service's language when the feed has it. An agency without an alerts feed has none.
            """,
        output: .documents([.transitAlerts]), outputDoc: "`alerts`.", errors: [ServiceCode.unknownAgency]
    ) {
        agencyParameter
    }
}

/// An agency from the path.
struct AgencyArguments: EndpointArguments {
    let agency: String

    init(_ values: ParameterValues) throws { agency = try values.required("agency") { $0.text("agency") } }
}

/// An agency, and a name or a position.
struct StopsArguments: EndpointArguments {
    let agency: String
    let query: String?
    let position: Coordinate?
    let limit: Int

    init(_ values: ParameterValues) throws {
        agency = try values.required("agency") { $0.text("agency") }
        query = values.text("query")
        position = values.position()
        limit = values.integer("limit") ?? 10
    }
}

/// A stop, from when, how many, how far ahead.
struct DeparturesArguments: EndpointArguments {
    let agency: String
    let stop: String
    let time: (LocalDate, LocalTime)?
    let limit: Int
    let window: Int

    init(_ values: ParameterValues) throws {
        agency = try values.required("agency") { $0.text("agency") }
        stop = try values.required("stop") { $0.text("stop") }
        if case .dateTime(let date, let clock)? = values["time"] { time = (date, clock) } else { time = nil }
        limit = values.integer("limit") ?? 10
        window = values.integer("window") ?? 120
    }
}

/// A position, a radius, stations and departures each.
struct TransitNearbyArguments: EndpointArguments {
    let position: Coordinate
    let radius: Int
    let limit: Int
    let departures: Int

    init(_ values: ParameterValues) throws {
        position = try values.required("position") { $0.position() }
        radius = values.integer("radius") ?? 1000
        limit = values.integer("limit") ?? 3
        departures = values.integer("departures") ?? 5
    }
}
