import Markup
import Model
import Server
import Services
import Upstream
import Kernel

/// The departures endpoints: `/api/bart/…`; the schema their documents follow is served beside them.
enum BARTEndpoints {
    /// The endpoints the departures answers.
    static func endpoints(departures: DepartureService) -> [Endpoint] {
        var endpoints: [Endpoint] = []
        let feed = departures.feed
        let answers = SecondlyAnswers()
        endpoints.append(stations.answeringInline(as: OptionalPosition.self) { request, arguments in
            let list = departures.list(near: arguments.position)
            return .document(list.node, for: request, cache: .maxAge(arguments.position == nil ? 86_400 : 3600))
        })
        endpoints.append(departuresEndpoint.answering(
            as: StationArguments.self,
            // The feed in service answers on the server thread, rendered once per second per station and format.
            immediate: { request, arguments in
                guard let feed, let snapshot = feed.current(), let station = departures.station(arguments.abbr) else { return nil }
                let now = feed.now
                let key = RenderedAnswers.key(request, scope: station.abbr)
                let body = answers.body(key, version: snapshot.version, second: now / 1000) {
                    let document = DepartureService.departures(station, in: snapshot, now: now)
                    return Response.render(document.node, as: request.format, pretty: request.pretty)
                }
                return response(body, request: request, age: snapshot.age(now: now), refresh: feed.refreshInterval)
            },
            handler: { request, arguments in
                let abbr = arguments.abbr
                let lookup: DepartureService.Lookup
                do throws(UpstreamFailure) {
                    lookup = try await departures.departures(abbr)
                } catch {
                    throw CataloguedError(error)
                }
                switch lookup {
                case .found(let document):
                    var response = Response.document(document.node, for: request, cache: .maxAge(freshFor(age: document.age, refresh: departures.refreshInterval)))
                    response.headers.set("Age", String(document.age))
                    return response
                case .unknown(let suggestions):
                    let error = ScheduleError(
                        code: ServiceCode.unknownStation,
                        message: "No BART station has the abbreviation \"\(abbr.prefix(40))\"."
                            + (suggestions.isEmpty ? "" : " Did you mean one of the candidates?"),
                        candidates: suggestions.map(\.station))
                    return .document(
                        error.node.withErrorStatuses(), for: request, status: ErrorCatalog.status(of: error.code), cache: ErrorCatalog.cache(for: error.code))
                }
            }))
        endpoints.append(nearby.answering(as: NearbyArguments.self) { request, arguments in
            let nearby: BARTNearby
            do throws(UpstreamFailure) {
                nearby = try await departures.nearby(arguments.position, limit: arguments.limit)
            } catch {
                throw CataloguedError(error)
            }
            var response = Response.document(nearby.node, for: request, cache: .maxAge(freshFor(age: nearby.age, refresh: departures.refreshInterval)))
            response.headers.set("Age", String(nearby.age))
            return response
        })
        return endpoints
    }

    static let stations = Endpoint(
        "/api/bart/stations", id: "bartStations", tag: "departures",
        summary: "Every BART station; with `lat` and `lon`, nearest first with the distance in miles and km.",
        description: """
            `stations/station` with abbr, name, address and city when known, lat, lon and, with a position, `distance` \
            (miles and km, one decimal each).
            """,
        output: .documents([.bartStations]), outputDoc: "`stations`, by abbreviation or nearest first."
    ) {
        Parameter.position("The position, in degrees: stations nearest first.")
    }

    static let departuresEndpoint = Endpoint(
        "/api/bart/stations/{abbr}/departures", id: "bartDepartures", tag: "departures",
        summary: "A station's next trains, grouped by destination, with the feed's timestamp and the data's age.",
        description: """
            `departures` with `generated` (the feed's own timestamp), `age` (seconds since the feed was fetched; also the \
            `Age` header), the station's abbr and name, its `message` when the feed has no predictions for it, and \
            `destinations/destination` (name, abbr) with `trains/train`: minutes (0 when leaving, then `leaving`), platform, \
            direction, length (cars), color, hexcolor, delay (minutes) and cancelled when the feed says, and from GTFS-Realtime \
            (the default, bart-gtfsrt) time, time_predicted and realtime. One feed for the \
            whole system serves every request; it is refreshed in the background while clients ask. An unknown abbreviation \
            is a 404 `error` with up to 5 candidates.
            """,
        output: .documents([.departures]), outputDoc: "`departures`.",
        errors: ["unknown_station"] + SBBEndpoints.upstreamCodes, cost: .upstream(miss: 2)
    ) {
        Parameter.path("abbr", .text, "The station's abbreviation (`EMBR`), any case.")
    }

    static let nearby = Endpoint(
        "/api/bart/nearby", id: "bartNearby", tag: "departures",
        summary: "The stations nearest to `lat`, `lon`, each with its next departures, in one response.",
        description: """
            `nearby` with `generated`, `age` and `stations/station`: abbr, name, lat, lon, `distance` (miles and km) and the \
            station's destinations and trains as in `departures`.
            """,
        output: .documents([.bartNearby]), outputDoc: "`nearby`.",
        errors: SBBEndpoints.upstreamCodes
    ) {
        Parameter.position(required: true, "The position, in degrees.")
        Parameter.query("limit", .integer(1...10), default: 3, "Stations.")
    }

    /// Seconds the feed in service stays fresh, given its age.
    static func freshFor(age: Int, refresh: Int64) -> Int {
        max(0, Int(refresh / 1000) - age)
    }

    static func response(_ body: PreparedBody, request: Request, age: Int, refresh: Int64) -> Response {
        var headers = HTTPHeaders(contentType: request.format.contentType)
        headers.add("Age", String(age))
        return Response(headers: headers, body: .prepared(body), cache: .maxAge(freshFor(age: age, refresh: refresh)), negotiated: true)
    }
}

/// An optional position.
struct OptionalPosition: EndpointArguments {
    let position: Coordinate?

    init(_ values: ParameterValues) { position = values.position() }
}

/// A station's abbreviation from the path.
struct StationArguments: EndpointArguments {
    let abbr: String

    init(_ values: ParameterValues) throws { abbr = try values.required("abbr") { $0.text("abbr") } }
}
