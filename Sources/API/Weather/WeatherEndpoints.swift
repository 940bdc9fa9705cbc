import Markup
import Model
import Server
import Services
import Kernel

/// The weather endpoints: `/api/weather/route/from/{from}/to/{to}`, its map
/// `/api/weather/route/from/{from}/to/{to}.svg`, and `/api/weather`; the schema their documents
/// (and the geocoding ones) follow is served beside them.
enum WeatherEndpoints {
    /// The endpoints the weather along routes answers.
    static func endpoints(weather: RouteWeatherService, rendered: RenderedAnswers = RenderedAnswers()) -> [Endpoint] {
        var endpoints: [Endpoint] = []
        endpoints.append(KeptRouteWeather.endpoint(weather, rendered: rendered))
        endpoints.append(KeptRouteWeather.mapEndpoint(weather, rendered: rendered))
        endpoints.append(forecast.answering(as: ForecastArguments.self) { request, arguments in
            switch await weather.forecast(query: arguments.query, position: arguments.position, day: arguments.day) {
            case .success(let document): return .document(document.node, for: request, cache: .maxAge(600))
            case .failure(let error): return failure(error, request)
            }
        })
        return endpoints
    }

    /// The longest place name taken, in characters.
    static let maxName = 200

    /// The codes a place lookup, the directions or the weather can end with.
    static let placeCodes = ["unknown_place", "no_places", "no_forecast", "directions_off"] + SBBEndpoints.upstreamCodes

    static let route = Endpoint(
        "/api/weather/route/from/{from}/to/{to}", id: "routeWeather", tag: "weather",
        summary: "The places along a driving route with the weather of the day (`day` 0–6) or at each arrival (`depart`); "
            + "`Accept: text/event-stream` streams progress.",
        description: """
            Both ends are geocoded (the best match is taken), the driving route between them is fetched, a point is taken \
            every `every` km along it and the place at each point is found; points where no place is found are left out and \
            repeats are dropped (`dedupe`), the ends being the places asked for. `routeweather` has `from` and `to` with the \
            place fields, `alternatives` when a name matched several places, `day` and its `date`, `depart`, `distance` \
            (m, km, miles), `duration` (ISO 8601), `dedupe`, `sources` and `places/place` in driving order, each with its \
            `index`, `distance` from the start, `arrival` (with `depart`) and `weather`, or its own `error`; when every place \
            fails the first one's error is the answer. With `Accept: text/event-stream` the same request streams `progress`, \
            `place`, then `done` (or `error`) as Server-Sent Events. A 200 carries `Cache-Control: max-age=600` (less when \
            its weather or route is fresh for less), `X-Cache` (HIT, MISS, STALE) and `Age` (seconds, the oldest part's); \
            it is kept rendered until the first of its parts goes stale (or the quarter hour ends), unless a row has an \
            error. A 404 carries `max-age=3600`. `depart` must be from an hour ago to 6 days ahead at the start, or it is refused \
            (`invalid_parameter`); a route over 6,000 km is `route_too_long`.
            """,
        output: .documents([.routeWeather], eventStream: true),
        outputDoc: "`routeweather`; or, with `Accept: text/event-stream`, the events that lead to it.",
        rules: routeRules,
        // The service itself refuses a well-formed `depart` outside the forecast window (`invalid_parameter`).
        errors: routeErrors, cost: .upstream(miss: 10)
    ) {
        routeParameters
    }

    /// The rules and errors of the route's document and its map.
    static let routeRules: [ParameterRule] = [.notTogether(["depart", "day"])]
    static let routeErrors = ["route_too_long", "invalid_parameter", "no_route"] + placeCodes

    /// The weather along a route as a picture: the same parameters and errors as the document.
    static let routeMap = Endpoint(
        "/api/weather/route/from/{from}/to/{to}.svg", id: "routeWeatherMap", tag: "weather",
        summary: "The weather along a driving route as an SVG map: the route, each place coloured by its high, a legend and a scale bar.",
        description: """
            The places of `/api/weather/route/from/{from}/to/{to}` for the same parameters, drawn on Web Mercator fitted to \
            the route: the driving line, each place a disc coloured by the day's high (5 °C steps, blue to red, grey without \
            weather) with its name and low/high in °C where the label fits, and its full name, low and high in °C and °F as \
            the disc's `<title>`; the largest gazetteer towns on the map as grey context dots; a temperature legend, a scale \
            bar and the sources. SVG 1.1, 800 × 600, self-contained (no scripts, images, fonts or links), a few tens of KB; \
            each place is a `<g class="place" id="place-N">` (N from 0) in driving order. A 200 carries `Cache-Control: max-age=600` \
            (less when its parts are fresh for less), `X-Cache` and `Age`, and is kept rendered as the document is; errors are the usual error documents (XML, or problem JSON by `Accept`) with their status.
            """,
        output: .text(mediaType: "image/svg+xml"),
        outputDoc: "An SVG 1.1 image of the route, its places and their weather.",
        rules: routeRules, errors: routeErrors, cost: .upstream(miss: 10)
    ) {
        routeParameters
    }

    /// The parameters of the route's document and its map, declared once.
    @ParameterList static var routeParameters: [Parameter] {
        Parameter.path(
            "from", .placeName(maxLength: maxName),
            "The start: a place name, \"City, ST\", \"City, Country\" or a US ZIP code; up to 200 characters, trimmed, no control characters.")
        Parameter.path("to", .placeName(maxLength: maxName), "The end, as `from`.")
        Parameter.query("day", .integer(0...6), default: 0, problem: "must be a whole number from 0 (today) to 6",
                        "Days from today at the start: the day whose weather each place gets; not with `depart`.")
        Parameter.query(
            "depart", .dateTime(space: false), problem: "must be a local date and time, YYYY-MM-DDTHH:MM",
            "The departure, as YYYY-MM-DDTHH:MM in local time at the start, from an hour ago to 6 days ahead: each place gets "
                + "its `arrival` and the forecast at that time; not with `day`.")
        Parameter.query(
            "dedupe", .choice(RouteWeatherQuery.Dedupe.allCases.map(\.rawValue)), default: "postcode",
            "How repeated places are dropped: one row per postal code (places without one, one per town), or one per town.")
        Parameter.query("every", .integer(10...500), default: 50, problem: "must be kilometres, a whole number from 10 to 500",
                        "Kilometres between the points taken along the route.")
    }

    /// What the map may load when a browser opens it as a document: its inline `<style>` only.
    static let mapContentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors *"

    /// The SVG image of a route's weather, with the largest towns in its box as context.
    static func mapBytes(_ document: RouteWeather, line: [Coordinate], _ weather: RouteWeatherService) -> [UInt8] {
        let map = RouteWeatherMap(line: line, places: document.places.map(\.place))
        let box = map.townBounds
        // Towns that are places of the route, lie on their markers or far from the line are left out: ask for more.
        let towns = weather.largestPlaces(south: box.south, north: box.north, west: box.west, east: box.east, limit: RouteWeatherMap.maxTowns * 4)
        return map.render(document, line: line, towns: towns)
    }

    /// A map's response with the headers every map carries.
    static func mapResponse(_ response: Response) -> Response {
        var response = response
        // Opened on its own, the image may use its own style sheet and nothing else.
        response.headers.add("Content-Security-Policy", mapContentSecurityPolicy)
        response.headers.add("X-Content-Type-Options", "nosniff")
        return response
    }

    static let forecast = Endpoint(
        "/api/weather", id: "weather", tag: "weather",
        summary: "One place's forecast for up to 7 days (`day` for one), by name (`q`) or position (`lat`, `lon`).",
        description: """
            A name is geocoded (the best match is taken); a position gives the place nearest to it. `forecast` has `query` \
            (the text, or `lat,lon`), `place`, `source` (the weather upstream), `generated`, `age`, `current` (today only), \
            `days/day` and `hours/hour`. Days are counted from today at the place. A 200 carries \
            `Cache-Control: max-age=600`, a 404 `max-age=3600`.
            """,
        output: .documents([.forecast]), outputDoc: "`forecast`.",
        rules: [.oneOf(["q", "position"])],
        errors: placeCodes, cost: .upstream(miss: 2)
    ) {
        Parameter.query("q", .placeName(maxLength: maxName), "A place name, \"City, ST\", \"City, Country\" or a postal code; up to 200 characters.")
        Parameter.position("The position, in degrees, instead of `q`.")
        Parameter.query("day", .integer(0...6), problem: "must be a whole number from 0 (today) to 6",
                        "Days from today at the place: that day only; up to 7 days from today by default.")
    }

    /// An error document with the status and caching the catalog gives its code (a missing place
    /// may be looked up again in an hour).
    static func failure(_ error: PlaceError, _ request: Request) -> Response {
        .document(error.node.withErrorStatuses(), for: request, status: ErrorCatalog.status(of: error.code), cache: ErrorCatalog.cache(for: error.code))
    }

    /// The weather along a route as a client gets it: the places without weather with their error's status.
    static func document(_ weather: RouteWeather) -> Node {
        weather.places.contains { $0.error != nil } ? weather.node.withErrorStatuses() : weather.node
    }
}

extension RouteWeatherQuery: EndpointArguments {
    init(_ values: ParameterValues) throws {
        self.init(from: try values.required("from") { $0.text("from") }, to: try values.required("to") { $0.text("to") })
        if let day = values.integer("day") { self.day = day }
        if case .dateTime(let date, let time)? = values["depart"] { depart = (date, time) }
        if let dedupe = values.text("dedupe").flatMap(Dedupe.init(rawValue:)) { self.dedupe = dedupe }
        if let km = values.integer("every") { spacing = Double(km) * 1000 }
    }
}

/// A place name or a position, and optionally one day.
struct ForecastArguments: EndpointArguments {
    let query: String?
    let position: Coordinate?
    let day: Int?

    init(_ values: ParameterValues) {
        query = values.text("q")
        position = values.position()
        day = values.integer("day")
    }
}
