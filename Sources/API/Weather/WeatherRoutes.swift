import Markup
import Model
import Server
import Services

/// The weather endpoints: `/api/weather/route/from/{from}/to/{to}`, `/api/weather`, and the
/// schema their documents (and the geocoding ones) follow.
enum WeatherRoutes {
    static func routes(weather: RouteWeatherService?) -> [Route] {
        let schema = PreparedBody(Array(DocumentSchemas.weather.xsd.utf8))
        var routes: [Route] = [
            .getInline("/api/schema/weather.xsd", summary: "The XML Schema of the weather and geocoding documents.") { _ in
                Response(headers: HTTPHeaders(contentType: "application/xml; charset=utf-8"), body: .prepared(schema), cache: .maxAge(3600))
            },
        ]
        guard let weather else { return routes }
        routes.append(.get(
            "/api/weather/route/from/{from}/to/{to}",
            summary: "The places along a driving route with the weather of the day (`day` 0–6) or at each arrival (`depart`); "
                + "`Accept: text/event-stream` streams progress."
        ) { request in
            let query = try WeatherParameters.route(request)
            if request.acceptsEventStream { return RouteWeatherEvents.response(weather, query, request) }
            switch await weather.plan(query) {
            case .success(let document): return .document(document.node, for: request, cache: .maxAge(600))
            case .failure(let error): return failure(error, request)
            }
        })
        routes.append(.get("/api/weather", summary: "One place's forecast for up to 7 days (`day` for one), by name (`q`) or position (`lat`, `lon`).") { request in
            try RequestChecks.onlyKnown(request, ["q", "lat", "lon", "day"])
            let position = try RequestChecks.position(request)
            let query = try RequestChecks.single(request, "q").map { text throws(HTTPError) in try WeatherParameters.name(text, "q") }
            guard (query == nil) != (position == nil) else { throw RequestChecks.invalid("q", "or lat and lon (one of them) is required") }
            switch await weather.forecast(query: query, position: position, day: try WeatherParameters.day(request)) {
            case .success(let document): return .document(document.node, for: request, cache: .maxAge(600))
            case .failure(let error): return failure(error, request)
            }
        })
        return routes
    }

    /// An error document with its own status; a missing place may be looked up again in an hour.
    static func failure(_ error: PlaceError, _ request: Request) -> Response {
        .document(error.node, for: request, status: error.status, cache: error.status == 404 ? .maxAge(3600) : .noStore)
    }
}
