import Kernel
import Markup
import Model
import Server
import Services
import Upstream

/// transport.opendata.ch's `/v1` API over GottaGo's timetable, so that the clients written
/// against it (Home Assistant through `python-opendata-transport`, MagicMirror modules, scripts)
/// work unchanged against any of its providers, with its cache and politeness in front.
///
/// The answers are the original's JSON (`Opendata`), errors its `{"errors":[{"message":…}]}`
/// with the status of the error catalog; a list parameter may be given as `via=A&via=B` or as
/// PHP's `via[]=A&via[]=B`.
enum OpendataEndpoints {
    /// The endpoints, over the timetable.
    static func endpoints(timetable: TimetableService) -> [Endpoint] {
        [
            locations.answeringInline(as: LocationsArguments.self) { _, arguments in
                answer(locationsDocument(arguments, timetable: timetable), fields: arguments.fields, cache: .maxAge(3600))
            },
            connections.answering(as: ConnectionsArguments.self) { _, arguments in
                let (document, provenance) = try await connectionsDocument(arguments, timetable: timetable)
                return answer(document, fields: arguments.fields, provenance: provenance)
            },
            stationBoard.answering(as: BoardArguments.self) { _, arguments in
                let (document, provenance) = try await boardDocument(arguments, timetable: timetable)
                return answer(document, fields: arguments.fields, provenance: provenance)
            },
        ]
    }

    // MARK: Answers

    /// The codes the route files give for a timetable with nothing to show: the original answers
    /// an empty list for them.
    static let noConnections = "no_connections", noDepartures = "no_departures"

    static func locationsDocument(_ arguments: LocationsArguments, timetable: TimetableService) -> JSONValue {
        // The timetable knows stations only: a search for points of interest or addresses finds none.
        guard arguments.type == "all" || arguments.type == "station" else { return Opendata.locations.json([]) }
        let matches = timetable.locations(query: arguments.query, near: arguments.position, limit: 10)
        return Opendata.locations.json(matches.map(Opendata.location))
    }

    static func connectionsDocument(
        _ arguments: ConnectionsArguments, timetable: TimetableService
    ) async throws -> (JSONValue, Provenance?) {
        let stations = try await Self.stations([arguments.from, arguments.to] + arguments.via, timetable: timetable)
        let from = stations[0], to = stations[1], via = stations.dropFirst(2)
        var query = ConnectionQuery(origins: [from.id], destinations: [to.id])
        query.via = via.map(\.id)
        query.date = arguments.date
        query.time = arguments.time
        query.isArrivalTime = arguments.isArrivalTime
        // Pages are counted in `limit`s; the timetable gives at most 16 connections in all.
        query.limit = min(ConnectionQuery.limits.upperBound, arguments.limit * (arguments.page + 1))
        query.transports = arguments.transports
        // As the original: every stop of a section in its pass list, connections in timetable order.
        query.stops = true
        query.order = .annotate
        let answer = await timetable.schedules(query)
        var links: [Link] = []
        if let schedule = answer.document.schedules.first {
            if let error = schedule.error, error.code != noConnections { throw CataloguedError(error.code, error.message) }
            links = schedule.links
        }
        if arguments.direct { links = links.filter { $0.parts.count { $0.vehicle != "Walk" } <= 1 } }
        let page = links.dropFirst(arguments.page * arguments.limit).prefix(arguments.limit)
        let document = OpendataConnections(
            connections: page.map { Opendata.connection($0, from: from, to: to, station: timetable.station(named:)) },
            from: OpendataLocation(from), to: OpendataLocation(to))
        return (Opendata.connections.json(document), answer.provenance)
    }

    static func boardDocument(_ arguments: BoardArguments, timetable: TimetableService) async throws -> (JSONValue, Provenance?) {
        let station = try await Self.stations([arguments.station], timetable: timetable)[0]
        var query = BoardQuery(station: station.id)
        query.kind = arguments.kind
        query.date = arguments.date
        query.time = arguments.time
        query.limit = arguments.limit
        query.order = .annotate
        let answer = await timetable.board(query)
        if let error = answer.document.error, error.code != noDepartures { throw CataloguedError(error.code, error.message) }
        let journeys = answer.document.journeys.filter { journey in
            arguments.transports.isEmpty || journey.vehicle.flatMap(Station.Kind.init(vehicle:)).map(arguments.transports.contains) == true
        }
        let board = OpendataStationBoard(
            station: OpendataLocation(answer.document.station ?? station),
            entries: journeys.map { Opendata.entry($0, at: answer.document.station ?? station, kind: arguments.kind) })
        return (Opendata.stationBoard.json(board), answer.provenance)
    }

    /// Names taken as the original takes them, each the first station its search finds, all at
    /// once; the first that finds none is the answer's error (a 404 for an unknown station).
    static func stations(_ names: [String], timetable: TimetableService) async throws -> [Station] {
        // The original's ids had nine digits (`008503000`), the directory's have seven.
        let names = names.map { name in
            name.utf8.count == 9 && name.hasPrefix("00") && name.utf8.allSatisfy { (0x30...0x39).contains($0) } ? String(name.dropFirst(2)) : name
        }
        let resolved = await timetable.firstStations(names, near: nil)
        return try names.map { name in
            switch resolved[name] {
            case .success(let station)?: return station
            case .failure(let error)?: throw CataloguedError(error.code, error.message)
            case nil: throw CataloguedError(ServiceCode.unknownStation, "No station is called \"\(name)\".")
            }
        }
    }

    /// The JSON answer, projected to `fields[]` when given; `X-Cache` and `Age` when an upstream was asked.
    static func answer(
        _ document: JSONValue, fields: OpendataFields?, provenance: Provenance? = nil, cache: CachePolicy = .noCache
    ) -> Response {
        var response = Response(
            headers: HTTPHeaders(contentType: "application/json; charset=utf-8"),
            body: .bytes(JSONValue.render(fields?.project(document) ?? document)), cache: cache)
        if let provenance {
            response.headers.set("X-Cache", provenance.source.rawValue)
            response.headers.set("Age", String(provenance.age))
        }
        return response
    }

    // MARK: Declarations

    /// `type` of `/v1/locations`.
    static let locationTypes = ["all", "station", "poi", "address"]

    /// `transportations[]`: the original's five means, and the older HAFAS product classes it
    /// still takes, each read as the mean it stands for.
    static let transportations: KeyValuePairs<String, Station.Kind> = [
        "train": .train, "tram": .tram, "ship": .ship, "bus": .bus, "cableway": .cableway,
        "ice_tgv_rj": .train, "ec_ic": .train, "ir": .train, "re_d": .train, "s_sn_r": .train, "arz_ext": .train,
        "tramway_underground": .tram,
    ]

    static let description = """
        transport.opendata.ch's v1 API, served over GottaGo's timetable: clients written against \
        https://transport.opendata.ch/v1/ work unchanged when pointed here. JSON only; errors are \
        `{"errors":[{"message":"…"}]}` with the status of the error's code. List parameters may be given as `name=A&name=B` \
        or `name[]=A&name[]=B`. `fields[]=connections/from/departure` keeps only the fields named. Parameters it does not know are ignored, as the \
        original ignores them.
        """

    static let locations = Endpoint(
        "/v1/locations", id: "opendataLocations", tag: "opendata",
        summary: "transport.opendata.ch: stations by name (`query`) or near a position (`x` latitude, `y` longitude).",
        description: description, output: .json(schema: Opendata.locations.reference),
        outputDoc: "`stations`: locations with id, name, score, coordinate, distance (metres, with a position) and icon.",
        rules: [.anyOf(["query", "position"])], refusesUnknownParameters: false, errorStyle: Opendata.errorStyle, cost: .upstream(miss: 2)
    ) {
        Parameter.query("query", .stations(max: 1), "A station name or part of one.")
        Parameter.position(latitude: "x", longitude: "y", "The position: `x` the latitude, `y` the longitude, in degrees.")
        Parameter.query("type", .choice(locationTypes), default: "all", "What to look for; the timetable knows stations only.")
        Parameter.fields
    }

    static let connections = Endpoint(
        "/v1/connections", id: "opendataConnections", tag: "opendata",
        summary: "transport.opendata.ch: connections from one station to another, through up to five via stations.",
        description: description + " `page` skips `page` × `limit` connections; `direct=1` keeps connections without a change. "
            + "`sleeper`, `couchette`, `bike` and `accessibility` are taken as the original takes them; the timetable's "
            + "providers say nothing of these, so they leave the answer as it is.",
        output: .json(schema: Opendata.connections.reference),
        outputDoc: "`connections` (from, to, duration, transfers, products, sections), with `from`, `to` and `stations`.",
        errors: ["unknown_station"] + SBBEndpoints.upstreamCodes, refusesUnknownParameters: false, errorStyle: Opendata.errorStyle, cost: .upstream(miss: 3)
    ) {
        Parameter.query("from", .stations(max: 1), required: true, "The station to leave from: a name or an id.")
        Parameter.query("to", .stations(max: 1), required: true, "The station to go to.")
        Parameter.query("via", .stations(max: 1), repeats: ConnectionQuery.maxVia, bracketed: true, "Up to five stations to pass through.")
        Parameter.query("date", .date, "The date, YYYY-MM-DD, in Swiss local time; today by default.")
        Parameter.query("time", .timeOfDay, "The time, HH:MM (seconds are taken and dropped); now by default.")
        Parameter.query("isArrivalTime", .flag, default: "0", "`1`: date and time are the latest arrival.")
        Parameter.query(
            "transportations", .choice(transportations.map(\.key)), repeats: transportations.count, bracketed: true,
            "Means of transport to use; all by default.")
        Parameter.query("limit", .integer(ConnectionQuery.limits), default: .int(ConnectionQuery.defaultLimit), "Connections wanted, 1 to 16.")
        Parameter.query("page", .integer(0...3), default: 0, "Which page of `limit` connections, 0 to 3.")
        Parameter.query("direct", .flag, default: "0", "`1`: only connections without a change.")
        Parameter.query("sleeper", .flag, default: "0", "`1`: night trains with sleepers (not known to the timetable).")
        Parameter.query("couchette", .flag, default: "0", "`1`: night trains with couchettes (not known to the timetable).")
        Parameter.query("bike", .flag, default: "0", "`1`: bikes carried (not known to the timetable).")
        Parameter.query(
            "accessibility", .choice(["independent_boarding", "assisted_boarding", "advanced_notice"]),
            "Step-free boarding wanted (not known to the timetable).")
        Parameter.fields
    }

    static let stationBoard = Endpoint(
        "/v1/stationboard", id: "opendataStationboard", tag: "opendata",
        summary: "transport.opendata.ch: the next departures (or arrivals) at a station, by name (`station`) or `id`.",
        description: description + " With both `station` and `id`, `id` wins.",
        output: .json(schema: Opendata.stationBoard.reference),
        outputDoc: "`station` and `stationboard`: journeys with their `stop` at the station.",
        rules: [.anyOf(["station", "id"])], errors: ["unknown_station"] + SBBEndpoints.upstreamCodes, refusesUnknownParameters: false, errorStyle: Opendata.errorStyle, cost: .upstream(miss: 2)
    ) {
        Parameter.query("station", .stations(max: 1), "The station's name.")
        Parameter.query("id", .stations(max: 1), "The station's id (`8503000`, or the older `008503000`).")
        Parameter.query("limit", .integer(BoardQuery.limits), default: 40, "Journeys wanted.")
        Parameter.query(
            "transportations", .choice(transportations.map(\.key)), repeats: transportations.count, bracketed: true,
            "Means of transport to show; all by default.")
        Parameter.query("datetime", .dateTime(space: true, seconds: true), "From when, `YYYY-MM-DD hh:mm` in Swiss local time; now by default.")
        Parameter.query("type", .choice(StationBoard.Kind.allCases.map(\.rawValue)), default: "departure", "Departures or arrivals.")
        Parameter.fields
    }
}

extension Parameter {
    /// `fields[]`: the fields to keep (`connections/from/departure`).
    static let fields = Parameter.query(
        "fields", .text, repeats: OpendataFields.maxCount, bracketed: true,
        "Keep only these fields: a path of keys such as `connections/from/departure`; everything below a field is kept "
            + "unless a longer field under it is given too.")
}

// MARK: Arguments

extension OpendataEndpoints {
    /// The projection asked for, or nil; a field that names no key is refused.
    static func fields(_ values: ParameterValues) throws -> OpendataFields? {
        let paths = values.texts("fields")
        for path in paths where path.utf8.count > OpendataFields.maxLength || !path.contains(where: { $0 != "/" }) {
            throw Parameter.invalid("fields", "must be a path of keys such as connections/from/departure, at most \(OpendataFields.maxLength) bytes")
        }
        return OpendataFields(paths)
    }

    /// The means of transport named.
    static func transports(_ values: ParameterValues) -> Set<Station.Kind> {
        Set(values.texts("transportations").compactMap { name in transportations.first { $0.key == name }?.value })
    }

    struct LocationsArguments: EndpointArguments {
        let query: String?
        let position: Coordinate?
        let type: String
        let fields: OpendataFields?

        init(_ values: ParameterValues) throws {
            query = values.text("query")
            position = values.position()
            type = values.text("type") ?? "all"
            fields = try OpendataEndpoints.fields(values)
        }
    }

    struct ConnectionsArguments: EndpointArguments {
        let from: String, to: String
        let via: [String]
        let date: LocalDate?
        let time: LocalTime?
        let isArrivalTime: Bool
        let transports: Set<Station.Kind>
        let limit: Int, page: Int
        let direct: Bool
        let fields: OpendataFields?

        init(_ values: ParameterValues) throws {
            from = try values.required("from") { $0.text("from") }
            to = try values.required("to") { $0.text("to") }
            via = values.texts("via")
            if case .date(let date)? = values["date"] { self.date = date } else { date = nil }
            if case .time(let time)? = values["time"] { self.time = time } else { time = nil }
            isArrivalTime = values.flag("isArrivalTime") ?? false
            transports = OpendataEndpoints.transports(values)
            limit = values.integer("limit") ?? ConnectionQuery.defaultLimit
            page = values.integer("page") ?? 0
            direct = values.flag("direct") ?? false
            fields = try OpendataEndpoints.fields(values)
        }
    }

    struct BoardArguments: EndpointArguments {
        let station: String
        let date: LocalDate?
        let time: LocalTime?
        let kind: StationBoard.Kind
        let limit: Int
        let transports: Set<Station.Kind>
        let fields: OpendataFields?

        init(_ values: ParameterValues) throws {
            station = try values.required("station") { $0.text("id") ?? $0.text("station") }
            if case .dateTime(let date, let time)? = values["datetime"] {
                self.date = date
                self.time = time
            } else {
                date = nil
                time = nil
            }
            kind = values.text("type").flatMap(StationBoard.Kind.init(rawValue:)) ?? .departure
            limit = values.integer("limit") ?? 40
            transports = OpendataEndpoints.transports(values)
            fields = try OpendataEndpoints.fields(values)
        }
    }
}
