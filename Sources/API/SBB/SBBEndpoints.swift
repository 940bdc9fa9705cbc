import Markup
import Model
import Server
import Services
import Upstream
import Kernel

/// The timetable endpoints: `/api/sbb/…`; the schema their documents follow is served beside them.
enum SBBEndpoints {
    /// The endpoints the timetable answers.
    static func endpoints(timetable: TimetableService, rendered: RenderedAnswers = RenderedAnswers()) -> [Endpoint] {
        var endpoints: [Endpoint] = []
        endpoints.append(nearby.answeringInline(as: NearbyArguments.self) { request, arguments in
            .document(NearbyStations(timetable.nearby(arguments.position, limit: arguments.limit)).node, for: request, cache: .maxAge(3600))
        })
        endpoints.append(locations.answeringInline(as: LocationsArguments.self) { request, arguments in
            let matches = timetable.locations(query: arguments.query, near: arguments.position, limit: arguments.limit)
            return .document(StationMatches(matches).node, for: request, cache: .maxAge(3600))
        })
        for (endpoint, anywhere) in [(connections, false), (journeys, true)] {
            endpoints.append(KeptAnswers.endpoint(endpoint, as: ConnectionQuery.self, rendered: rendered, now: timetable.now) { query in
                var query = query
                query.anywhere = anywhere
                let answer = await timetable.schedules(query)
                let failed = answer.document.schedules.contains { $0.error != nil }
                return KeptAnswers.Made(document: document(answer.document.node, errors: failed), status: status(answer), provenance: answer.provenance)
            })
        }
        for (endpoint, anywhere) in [(board, false), (journeysBoard, true)] {
            endpoints.append(KeptAnswers.endpoint(endpoint, as: BoardQuery.self, rendered: rendered, now: timetable.now) { query in
                var query = query
                query.anywhere = anywhere
                let answer = await timetable.board(query)
                return KeptAnswers.Made(
                    document: document(answer.document.node, errors: answer.document.error != nil), status: status(answer),
                    provenance: answer.provenance)
            })
        }
        return endpoints
    }

    /// The document a client gets: per-item errors led by their status, when there are any.
    static func document(_ node: Node, errors: Bool) -> Node {
        errors ? node.withErrorStatuses() : node
    }

    /// The status of an answer: 200, or the catalog's for the code the whole answer stands for.
    static func status<Document>(_ answer: TimetableService.Answer<Document>) -> Int {
        answer.failure.map(ErrorCatalog.status(of:)) ?? 200
    }

    static let nearby = Endpoint(
        "/api/sbb/stations/nearby", id: "nearbyStations", tag: "timetable",
        summary: "The stations nearest to a position, with their distance in metres.",
        output: .documents([.nearbyStations]),
        outputDoc: "`stations/station` with id, name, lat, lon, kind and distance (metres), nearest first."
    ) {
        Parameter.position(required: true, "The position, in degrees.")
        Parameter.query("limit", .integer(1...50), default: 10, "How many stations.")
    }

    static let locations = Endpoint(
        "/api/sbb/locations", id: "locations", tag: "timetable",
        summary: "Stations by name (`query`), or near a position (`lat`, `lon`), with score and distance.",
        output: .documents([.locations]),
        outputDoc: "`locations/station` with id, name, lat, lon, kind, score (0–1) and, with a position, distance (metres).",
        rules: [.anyOf(["query", "position"])], cost: .upstream(miss: 2)
    ) {
        Parameter.query("query", .stations(max: 1), "A station name or part of one; case and accents are ignored.")
        Parameter.position("The position: distances are given, and without a query the nearest stations are listed.")
        Parameter.query("limit", .integer(1...50), default: 10, "How many stations.")
    }

    static let connections = connectionsEndpoint(
        "/api/sbb/from/{from}/to/{to}", id: "connections",
        summary: "Connections from each of up to 5 stations to each of up to 5 others (`;`-separated), one schedule per pair.",
        opening: "As in the original GottaGo API: `/api/sbb/from/Bern;Thun/to/Zürich HB.xml` answers",
        places: "Up to 5 station names or ids, separated by a literal `;` in the path (`%3B` is a semicolon inside a name); each 1–100 characters.",
        destinations: "Up to 5 station names or ids, as `from`.")

    static let journeys = connectionsEndpoint(
        "/api/journeys/from/{from}/to/{to}", id: "journeys",
        summary: "Journeys between any places the timetable's provider covers: names, its stop ids or positions (`lat,lon`), up to 5 each way.",
        opening: """
            The same as `/api/sbb/from/{from}/to/{to}`, for places beyond the Swiss directory: a name the directory does not \
            know is asked of the provider's place search (its answer kept for a day), and with a provider that takes them \
            (`transitous`, `motis`) a place may be `lat,lon` or one of its stop ids (`de-DELFI_de:02000:8002553`); with another, \
            `lat,lon` is the Swiss station nearest it. `/api/journeys/from/46.9469,7.4441/to/Zürich HB.xml` answers
            """,
        places: "Up to 5 places separated by `;`: names, `lat,lon` in degrees, or the provider's stop ids; each 1–100 characters.",
        destinations: "Up to 5 places, as `from`.")

    /// The connections endpoint at `path`, its places described by `places`.
    static func connectionsEndpoint(_ path: String, id: String, summary: String, opening: String, places: String, destinations: String) -> Endpoint {
        Endpoint(
            path, id: id, tag: "timetable", summary: summary,
            description: opening + """
                 `schedules/schedule/from,to,\
                links/link/departure,arrival,info,parts/part/departure,arrival,trackfrom,trackto,vehicle`, with more optional \
                elements since. The pairs are fetched at once. A pair that fails carries its own `error` (`ambiguous_station` \
                with candidates, `unknown_station` with suggestions, `no_connections`, an upstream failure); the response is 200 \
                when at least one pair has links, or else takes the first error's status, with the `schedules` document. A stale \
                pair carries `stale` and `age`. Responses that asked an upstream carry `X-Cache` (HIT when every pair was cached, \
                MISS when one was fetched, STALE when one is stale) and `Age` (seconds, the oldest pair's). Each part says what \
                real-time knows (`departure_predicted`, `trackfrom_predicted`, `realtime`, `departure_cancelled`, `alerts`, …); \
                each schedule ends with `earlier` and `later`, cursors for `cursor=`.
                """,
            output: .documents([.schedules]), outputDoc: "`schedules`, one `schedule` per pair.",
            errors: ["ambiguous_station", "unknown_station", "no_connections", "invalid_cursor"] + upstreamCodes, cost: .upstream(miss: 3)
        ) {
            Parameter.path("from", .stations(max: ConnectionQuery.maxStations), places)
            Parameter.path("to", .stations(max: ConnectionQuery.maxStations), destinations)
            Parameter.query("date", .date, "Travel date (Swiss local time); today by default.")
            Parameter.query("time", .time, "Time as HH:MM; now by default.")
            Parameter.query("arrival", .flag, default: "0", "`1`: the time is the latest arrival.")
            Parameter.query("via", .stations(max: 1), repeats: ConnectionQuery.maxVia, "A station to pass through; repeatable, at most 5.")
            Parameter.query("limit", .integer(ConnectionQuery.limits), default: .int(ConnectionQuery.defaultLimit), "Connections per schedule.")
            Parameter.query(
                "transport", .choice(Station.Kind.allCases.map(\.rawValue)), repeats: Station.Kind.allCases.count,
                "Means of transport to use; repeatable; all by default.")
            Parameter.position("The client's position, to choose among stations that share a name.")
            Parameter.query(
                "stops", .flag, default: "0",
                "`1`: each part lists the stops between its ends (`stops/stop`), with their planned and predicted times, where the upstream lists them.")
            Parameter.cursor(repeats: ConnectionQuery.maxCursors, "A schedule's `earlier` or `later`: its links before the first or after the last it showed, in place of `date` and `time`; repeatable, one for each pair.")
            Parameter.realtimeOrder
        }
    }

    static let board = boardEndpoint(
        "/api/sbb/stationboard/{station}", id: "stationboard",
        summary: "The next departures (`type=departure`) or arrivals at a station, from now or `datetime`.",
        opening: "", station: "A station name or id, 1–100 characters.")

    static let journeysBoard = boardEndpoint(
        "/api/journeys/stationboard/{station}", id: "journeysStationboard",
        summary: "The next departures or arrivals at any stop the timetable's provider covers: a name, its stop id, or the stops around a position (`lat,lon`).",
        opening: "The same as `/api/sbb/stationboard/{station}`, for stops beyond the Swiss directory, resolved as `/api/journeys/from/{from}/to/{to}` resolves its places (a position's board: the provider's stops within 300 m). ",
        station: "A name, the provider's stop id, or `lat,lon` in degrees; 1–100 characters.")

    /// The board endpoint at `path`.
    static func boardEndpoint(_ path: String, id: String, summary: String, opening: String, station: String) -> Endpoint {
        Endpoint(
            path, id: id, tag: "timetable", summary: summary,
            description: opening + """
                `stationboard` with the name as asked (`query`), the station it was resolved to, `type`, and `journeys/journey` \
                in order of time: time (ISO 8601 with offset), line, category, number, vehicle, direction, platform, operator, \
                delay (minutes, when known), cancelled, and what real-time knows (`time_predicted`, `platform_predicted`, \
                `realtime`, `alerts`, …); then `earlier` and `later`, cursors for `cursor=`. A name that matches several stations, or none, gives the board an \
                `error` (`ambiguous_station` with candidates, `unknown_station` with suggestions) and its status. Responses that \
                asked an upstream carry `X-Cache` (HIT, MISS, STALE) and `Age`.
                """,
            output: .documents([.stationBoard]), outputDoc: "`stationboard`.",
            errors: ["ambiguous_station", "unknown_station", "no_departures", "invalid_cursor"] + upstreamCodes, cost: .upstream(miss: 2)
        ) {
            Parameter.path("station", .stations(max: 1), station)
            Parameter.query("datetime", .dateTime(space: true), "From when, as YYYY-MM-DDTHH:MM in Swiss local time; now by default.")
            Parameter.query("type", .choice(StationBoard.Kind.allCases.map(\.rawValue)), default: "departure", "Departures or arrivals.")
            Parameter.query("limit", .integer(BoardQuery.limits), default: .int(BoardQuery.defaultLimit), "Journeys on the board.")
            Parameter.position("The client's position, to choose among stations that share a name.")
            Parameter.cursor(repeats: 1, "The board's `earlier` or `later`: its journeys before the first or after the last it showed, in place of `datetime`.")
            Parameter.realtimeOrder
        }
    }

    /// The codes of an upstream that fails, is paused or times out.
    static let upstreamCodes = [
        "upstream_error", "upstream_unreachable", "upstream_too_large", "malformed_response", "upstream_paused",
        "upstream_unavailable", "upstream_rate_limited", "upstream_busy", "upstream_missing", "upstream_timeout",
    ]
}

extension ConnectionQuery: EndpointArguments {
    init(_ values: ParameterValues) throws {
        self.init(origins: values.texts("from"), destinations: values.texts("to"))
        if case .date(let date)? = values["date"] { self.date = date }
        if case .time(let time)? = values["time"] { self.time = time }
        if case .flag(let arrival)? = values["arrival"] { isArrivalTime = arrival }
        via = values.texts("via")
        if let limit = values.integer("limit") { self.limit = limit }
        transports = Set(values.texts("transport").compactMap(Station.Kind.init(rawValue:)))
        position = values.position()
        if case .flag(let stops)? = values["stops"] { self.stops = stops }
        if let order = values.text("realtime").flatMap(RealtimeOrder.init(rawValue:)) { self.order = order }
        do throws(PageCursor.Problem) {
            try decodeCursors(values.texts("cursor"))
        } catch {
            throw Parameter.invalidCursor(error)
        }
    }
}

extension BoardQuery: EndpointArguments {
    init(_ values: ParameterValues) throws {
        self.init(station: try values.required("station") { $0.texts("station").first })
        if case .dateTime(let date, let time)? = values["datetime"] {
            self.date = date
            self.time = time
        }
        if let kind = values.text("type").flatMap(StationBoard.Kind.init(rawValue:)) { self.kind = kind }
        if let limit = values.integer("limit") { self.limit = limit }
        position = values.position()
        if let order = values.text("realtime").flatMap(RealtimeOrder.init(rawValue:)) { self.order = order }
        if let text = values.text("cursor") {
            do throws(PageCursor.Problem) {
                cursor = try PageCursor(decoding: text, scope: scope)
            } catch {
                throw Parameter.invalidCursor(error)
            }
        }
    }
}

/// A required position and a number of results.
struct NearbyArguments: EndpointArguments {
    let position: Coordinate
    let limit: Int

    init(_ values: ParameterValues) throws {
        position = try values.required("position") { $0.position() }
        limit = values.integer("limit") ?? 1
    }
}

/// A station name, a position, or both, and a number of results.
struct LocationsArguments: EndpointArguments {
    let query: String?
    let position: Coordinate?
    let limit: Int

    init(_ values: ParameterValues) {
        query = values.text("query")
        position = values.position()
        limit = values.integer("limit") ?? 1
    }
}

extension Parameter {
    /// A page cursor; what it stands for is checked against the query (`invalid_cursor`).
    static func cursor(repeats: Int, _ summary: String) -> Parameter {
        Parameter.query("cursor", .text, repeats: repeats, summary)
    }

    /// How links and journeys are ordered.
    static var realtimeOrder: Parameter {
        Parameter.query(
            "realtime", .choice(RealtimeOrder.allCases.map(\.rawValue)), default: .string(RealtimeOrder.predicted.rawValue),
            "`predicted`: ordered by the predicted time, the planned one where there is none; `annotate`: by the planned time, with the predictions beside it, so a late train stays where the timetable has it.")
    }

    /// The 400 for a cursor that is not one, or not this query's.
    static func invalidCursor(_ problem: PageCursor.Problem) -> HTTPError {
        switch problem {
        case .malformed: .catalogued("invalid_cursor", "Parameter cursor is not a cursor this service made.")
        case .foreign: .catalogued("invalid_cursor", "Parameter cursor was made for another query (other stations, via or means of transport), or altered.")
        }
    }
}
