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
                try RequestChecks.onlyKnown(request, ["lat", "lon", "limit"])
                guard let position = try RequestChecks.position(request) else {
                    throw RequestChecks.invalid("lat", "and lon are required")
                }
                let limit = try RequestChecks.limit(request, 1...50, default: 10)
                return .document(NearbyStations(timetable.nearby(position, limit: limit)).node, for: request, cache: .maxAge(3600))
            })
            routes.append(.getInline("/api/sbb/locations", summary: "Stations by name (`query`), or near a position (`lat`, `lon`), with score and distance.") { request in
                try RequestChecks.onlyKnown(request, ["query", "lat", "lon", "limit"])
                let position = try RequestChecks.position(request)
                var query: String?
                if let text = try RequestChecks.single(request, "query") {
                    query = try SBBParameters.stations([text], "query", max: 1)[0]
                }
                guard query != nil || position != nil else { throw RequestChecks.invalid("query", "or lat and lon are required") }
                let limit = try RequestChecks.limit(request, 1...50, default: 10)
                let matches = timetable.locations(query: query, near: position, limit: limit)
                return .document(StationMatches(matches).node, for: request, cache: .maxAge(3600))
            })
            let rendered = RenderedAnswers()
            routes.append(kept(
                "/api/sbb/from/{from}/to/{to}",
                summary: "Connections from each of up to 5 stations to each of up to 5 others (`;`-separated), one schedule per pair.",
                rendered: rendered, now: timetable.now
            ) { request in
                let answer = await timetable.schedules(try SBBParameters.connections(request))
                let failed = answer.document.schedules.contains { $0.error != nil }
                return Made(document: document(answer.document.node, errors: failed), status: status(answer), provenance: answer.provenance)
            })
            routes.append(kept(
                "/api/sbb/stationboard/{station}",
                summary: "The next departures (`type=departure`) or arrivals at a station, from now or `datetime`.",
                rendered: rendered, now: timetable.now
            ) { request in
                let answer = await timetable.board(try SBBParameters.board(request))
                return Made(document: document(answer.document.node, errors: answer.document.error != nil), status: status(answer),
                            provenance: answer.provenance)
            })
        }
        return routes
    }

    /// The document a client gets: per-item errors led by their status, when there are any.
    static func document(_ node: Node, errors: Bool) -> Node {
        errors ? node.withErrorStatuses() : node
    }

    /// The status of an answer: 200, or the catalog's for the code the whole answer stands for.
    static func status<Document>(_ answer: TimetableService.Answer<Document>) -> Int {
        answer.failure.map(ErrorCatalog.status(of:)) ?? 200
    }

    /// What a timetable handler made: the document, its status, and where its upstream answers
    /// came from (its cache headers, until when it may be kept, where a kept copy's hits count).
    struct Made: Sendable {
        let document: Node
        let status: Int
        let provenance: Provenance?
    }

    /// A GET route whose whole answer, when every upstream answer in it is fresh, is kept rendered
    /// and found by the request as sent: a repeated request is answered on the server thread.
    /// Answers carry `X-Cache` (HIT, MISS or STALE) and `Age` when an upstream was asked.
    static func kept(
        _ path: String, summary: String, rendered: RenderedAnswers, now: @escaping @Sendable () -> Int64,
        make: @escaping @Sendable (Request) async throws -> Made
    ) -> Route {
        Route(
            "GET", path, summary: summary,
            immediate: { request in
                let current = now()
                guard let entry = rendered.fresh(key(request), now: current) else { return nil }
                return entry.response(now: current, source: "HIT")
            },
            handler: { request in
                let made = try await make(request)
                let current = now()
                guard let provenance = made.provenance, provenance.isFresh(at: current) else {
                    var response = Response.document(made.document, for: request, status: made.status, cache: .noCache)
                    if let provenance = made.provenance {
                        response.headers.set("X-Cache", provenance.source.rawValue)
                        response.headers.set("Age", String(provenance.age))
                    }
                    return response
                }
                let entry = RenderedAnswers.Entry(
                    body: PreparedBody(Response.render(made.document, as: request.format, pretty: request.pretty)),
                    status: made.status, contentType: request.format.contentType, storedAt: current - Int64(provenance.age) * 1000,
                    freshUntil: provenance.freshUntil, hits: provenance.keptCopyHits)
                rendered.keep(key(request), entry)
                return entry.response(now: current, source: provenance.source.rawValue)
            })
    }

    /// The kept answer's key: the path, the format and the query as sent.
    static func key(_ request: Request) -> String {
        RenderedAnswers.key(request, scope: request.path)
    }
}
