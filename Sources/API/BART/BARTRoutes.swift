import Markup
import Model
import Server
import Services
import Upstream

/// The departures endpoints: `/api/bart/…` and the schema their documents follow.
enum BARTRoutes {
    static func routes(departures: DepartureService?) -> [Route] {
        let schema = PreparedBody(Array(DocumentSchemas.bart.xsd.utf8))
        var routes: [Route] = [
            .getInline("/api/schema/bart.xsd", summary: "The XML Schema of the BART departures documents.") { _ in
                Response(headers: HTTPHeaders(contentType: "application/xml; charset=utf-8"), body: .prepared(schema), cache: .maxAge(3600))
            },
        ]
        guard let departures else { return routes }
        let feed = departures.feed
        let answers = SecondlyAnswers()
        routes.append(.getInline("/api/bart/stations", summary: "Every BART station; with `lat` and `lon`, nearest first with the distance in miles and km.") { request in
            try RequestChecks.onlyKnown(request, ["lat", "lon"])
            let position = try RequestChecks.position(request)
            let list = departures.list(near: position)
            return .document(list.node, for: request, cache: .maxAge(position == nil ? 86_400 : 3600))
        })
        routes.append(Route(
            "GET", "/api/bart/stations/{abbr}/departures",
            summary: "A station's next trains, grouped by destination, with the feed's timestamp and the data's age.",
            // The feed in service answers on the server thread, rendered once per second per station and format.
            immediate: { request in
                try RequestChecks.onlyKnown(request, [])
                guard let snapshot = feed.current(), let station = departures.station(try request.parameters.string("abbr")) else { return nil }
                let now = feed.now
                let key = RenderedAnswers.key(request, scope: station.abbr)
                let body = answers.body(key, version: snapshot.version, second: now / 1000) {
                    let document = DepartureService.departures(station, in: snapshot, now: now)
                    return Response.render(document.node, as: request.format, pretty: request.pretty)
                }
                return response(body, request: request, age: snapshot.age(now: now), refresh: feed.refreshInterval)
            },
            handler: { request in
                let abbr = try request.parameters.string("abbr")
                let lookup: DepartureService.Lookup
                do throws(UpstreamFailure) {
                    lookup = try await departures.departures(abbr)
                } catch {
                    throw UpstreamError(failure: error)
                }
                switch lookup {
                case .found(let document):
                    var response = Response.document(document.node, for: request, cache: .maxAge(freshFor(age: document.age, refresh: feed.refreshInterval)))
                    response.headers.set("Age", String(document.age))
                    return response
                case .unknown(let suggestions):
                    let error = ScheduleError(
                        code: "unknown_station", status: 404,
                        message: "No BART station has the abbreviation \"\(abbr.prefix(40))\"."
                            + (suggestions.isEmpty ? "" : " Did you mean one of the candidates?"),
                        candidates: suggestions.map(\.station))
                    return .document(error.node, for: request, status: 404, cache: .maxAge(3600))
                }
            }))
        routes.append(.get("/api/bart/nearby", summary: "The stations nearest to `lat`, `lon`, each with its next departures, in one response.") { request in
            try RequestChecks.onlyKnown(request, ["lat", "lon", "limit"])
            guard let position = try RequestChecks.position(request) else { throw RequestChecks.invalid("lat", "and lon are required") }
            let limit = try RequestChecks.limit(request, 1...10, default: 3)
            let nearby: BARTNearby
            do throws(UpstreamFailure) {
                nearby = try await departures.nearby(position, limit: limit)
            } catch {
                throw UpstreamError(failure: error)
            }
            var response = Response.document(nearby.node, for: request, cache: .maxAge(freshFor(age: nearby.age, refresh: feed.refreshInterval)))
            response.headers.set("Age", String(nearby.age))
            return response
        })
        return routes
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
