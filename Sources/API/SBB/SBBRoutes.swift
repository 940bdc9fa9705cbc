import Markup
import Model
import Server
import Services
import Upstream

/// The timetable endpoints: `/api/sbb/…` and the schema their documents follow.
enum SBBRoutes {
    static func routes(timetable: TimetableService?) -> [Route] {
        let schema = PreparedBody(Array(SBBSchema.xsd.utf8))
        var routes: [Route] = [
            // Only `.xml` and `.json` suffixes choose a format; this path is the file's name.
            .getInline("/api/schema/sbb.xsd", summary: "The XML Schema of the timetable documents.") { _ in
                Response(headers: HTTPHeaders(contentType: "application/xml; charset=utf-8"), body: .prepared(schema), cache: .maxAge(3600))
            },
        ]
        if let timetable {
            routes.append(.getInline("/api/sbb/stations/nearby", summary: "The stations nearest to a position, with their distance in metres.") { request in
                try SBBParameters.onlyKnown(request, ["lat", "lon", "limit"])
                guard let position = try SBBParameters.position(request) else {
                    throw SBBParameters.invalid("lat", "and lon are required")
                }
                let limit = try SBBParameters.limit(request, 1...50, default: 10)
                return .document(NearbyStations(timetable.nearby(position, limit: limit)).node, for: request, cache: .maxAge(3600))
            })
            routes.append(.getInline("/api/sbb/locations", summary: "Stations by name (`query`), or near a position (`lat`, `lon`), with score and distance.") { request in
                try SBBParameters.onlyKnown(request, ["query", "lat", "lon", "limit"])
                let position = try SBBParameters.position(request)
                var query: String?
                if let text = try SBBParameters.single(request, "query") {
                    query = try SBBParameters.stations([text], "query", max: 1)[0]
                }
                guard query != nil || position != nil else { throw SBBParameters.invalid("query", "or lat and lon are required") }
                let limit = try SBBParameters.limit(request, 1...50, default: 10)
                let matches = timetable.locations(query: query, near: position, limit: limit)
                return .document(StationMatches(matches).node, for: request, cache: .maxAge(3600))
            })
            let rendered = RenderedAnswers()
            let now = timetable.now
            routes.append(Route(
                "GET", "/api/sbb/from/{from}/to/{to}",
                summary: "Connections from each of up to 5 stations to each of up to 5 others (`;`-separated), one schedule per pair.",
                // A whole answer whose pairs are all fresh is kept rendered, found by the request as
                // sent: a repeated request is answered on the server thread.
                immediate: { request in
                    let current = now()
                    guard let entry = rendered.fresh(key(request), now: current) else { return nil }
                    entry.metrics.answeredFromKeptCopy(slot: ThreadSlot.current, count: entry.hits)
                    return entry.response(now: current)
                },
                handler: { request in
                    let query = try SBBParameters.connections(request)
                    let answer = await timetable.schedules(query)
                    let current = now()
                    guard let freshUntil = answer.freshUntil, freshUntil > current else {
                        return .document(answer.document.node, for: request, status: answer.status, cache: .noCache)
                    }
                    let entry = RenderedAnswers.Entry(
                        body: PreparedBody(Response.render(answer.document.node, as: request.format, pretty: request.pretty)),
                        status: answer.status, contentType: request.format.contentType, storedAt: current, freshUntil: freshUntil,
                        metrics: timetable.metrics, hits: answer.document.schedules.count)
                    rendered.keep(key(request), entry)
                    return entry.response(now: current)
                }))
        }
        return routes
    }

    /// The kept answer's key: the path, the format and the query as sent.
    static func key(_ request: Request) -> String {
        RenderedAnswers.key(request, scope: request.path)
    }
}
