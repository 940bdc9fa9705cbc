import Markup
import Server
import Kernel
import Services
import Upstream

/// The weather along a route answered through kept answers, as the timetable's are: a document
/// whose directions and weather cells (and places, from a geocoding upstream) were all fresh is
/// kept rendered until the first of them goes stale, or the next quarter hour (the day and the
/// hour it shows move on), and found by the request as sent, so a repeated request is answered on
/// the server thread. A document with a row's error is never kept: the row is asked again next
/// time, while the rows that had their weather come from the weather cells kept below.
///
/// Answers carry `X-Cache` (HIT, MISS or STALE) and `Age`, and `Cache-Control: max-age` of at most
/// 10 minutes, less when the document is fresh for less. A stream (`text/event-stream`) is worked
/// out each time: its events are the work as it goes.
enum KeptRouteWeather {
    /// The longest `max-age` given: the 10 minutes the endpoint always gave.
    static let maxAge = 600

    /// The route's endpoint over `weather`, its answers kept in `rendered`.
    static func endpoint(_ weather: RouteWeatherService, rendered: RenderedAnswers) -> Endpoint {
        WeatherEndpoints.route.answering(
            as: RouteWeatherQuery.self,
            lookup: { request in
                guard !request.acceptsEventStream else { return nil }
                let current = weather.now()
                guard let entry = rendered.fresh(KeptAnswers.key(request), now: current) else { return nil }
                return capped(entry.response(now: current, source: "HIT"), freshUntil: entry.provenance.freshUntil, now: current)
            },
            handler: { request, query in
                if request.acceptsEventStream { return RouteWeatherEvents.response(weather, query, request) }
                switch await weather.planned(query) {
                case .failure(let error):
                    return WeatherEndpoints.failure(error, request)
                case .success(let planned):
                    return answer(WeatherEndpoints.document(planned.document), provenance: planned.provenance, request, rendered, now: weather.now())
                }
            })
    }

    /// The route's map over `weather`, its images kept in `rendered` as the documents are.
    static func mapEndpoint(_ weather: RouteWeatherService, rendered: RenderedAnswers) -> Endpoint {
        WeatherEndpoints.routeMap.answering(
            as: RouteWeatherQuery.self,
            lookup: { request in
                let current = weather.now()
                guard let entry = rendered.fresh(KeptAnswers.key(request), now: current) else { return nil }
                return WeatherEndpoints.mapResponse(capped(entry.response(now: current, source: "HIT"), freshUntil: entry.provenance.freshUntil, now: current))
            },
            handler: { request, query in
                switch await weather.planned(query) {
                case .failure(let error):
                    return WeatherEndpoints.failure(error, request)
                case .success(let planned):
                    let line = Polyline.simplified(planned.route.points, tolerance: 300, maxPoints: 300)
                    let bytes = WeatherEndpoints.mapBytes(planned.document, line: line, weather)
                    let current = weather.now()
                    guard let provenance = planned.provenance, provenance.isFresh(at: current) else {
                        var response = Response(headers: HTTPHeaders(contentType: "image/svg+xml"), body: .bytes(bytes), cache: .maxAge(maxAge))
                        if let provenance = planned.provenance {
                            response.headers.set("X-Cache", provenance.source.rawValue)
                            response.headers.set("Age", String(provenance.age))
                        }
                        return WeatherEndpoints.mapResponse(response)
                    }
                    var kept = provenance
                    kept.storedAt = current - Int64(provenance.age) * 1000
                    let entry = RenderedAnswers.Entry(bytes: bytes, contentType: "image/svg+xml", status: 200, provenance: kept)
                    rendered.keep(KeptAnswers.key(request), entry)
                    return WeatherEndpoints.mapResponse(capped(entry.response(now: current, source: provenance.source.rawValue), freshUntil: kept.freshUntil, now: current))
                }
            })
    }

    /// The document's response, kept when every upstream answer in it is fresh.
    static func answer(_ document: Node, provenance: Provenance?, _ request: Request, _ rendered: RenderedAnswers, now current: Int64) -> Response {
        guard let provenance, provenance.isFresh(at: current) else {
            var response = Response.document(document, for: request, cache: .maxAge(maxAge))
            if let provenance {
                response.headers.set("X-Cache", provenance.source.rawValue)
                response.headers.set("Age", String(provenance.age))
            }
            return response
        }
        // Stored as old as its oldest answer, counted from now.
        var kept = provenance
        kept.storedAt = current - Int64(provenance.age) * 1000
        let entry = RenderedAnswers.Entry(document, for: request, status: 200, provenance: kept)
        rendered.keep(KeptAnswers.key(request), entry)
        return capped(entry.response(now: current, source: provenance.source.rawValue), freshUntil: kept.freshUntil, now: current)
    }

    /// A kept answer's response, cacheable for its freshness left but never longer than `maxAge`.
    static func capped(_ response: Response, freshUntil: Int64, now: Int64) -> Response {
        var capped = response
        capped.cache = .maxAge(min(maxAge, Int(max(0, freshUntil - now) / 1000)))
        return capped
    }
}
