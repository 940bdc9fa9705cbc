import Markup
import Scrape
import Server
import Upstream

/// `/api/routes` (the route files and their parameters) and `/api/routes/{id}/result` (a route's
/// normalized records for the query's parameters, through the upstream layer).
///
/// ```
/// GET /api/routes/osrm-route/result.json?from_lon=7.44&from_lat=46.95&to_lon=8.54&to_lat=47.37
/// X-Cache: MISS | HIT | STALE     Age: seconds since the upstream answered
/// ```
///
/// A stale answer says so in the document too: `<result route="…" stale="true" age="75">`.
enum RouteEndpoints {
    /// Longest accepted parameter value, in bytes.
    static let maxValueBytes = 500

    static func endpoints(upstreams: Upstreams, live: @escaping @Sendable (String) -> Bool, rendered: RenderedAnswers = RenderedAnswers()) -> [Endpoint] {
        let answering: @Sendable (Scrape.Route) -> Bool = { upstreams.answers($0, live: live($0.upstream)) }
        return [
            // Only the routes that can answer: one whose upstream no longer answers and has no
            // simulator standing in for it would only ever give 502.
            list.answeringInline { request, _ in
                .document(ServiceDocuments.routes.node(upstreams.catalog.routes.filter(answering)), for: request, cache: .maxAge(300))
            },
            result.answering(
                as: NoArguments.self,
                // A kept answer is found by the request as sent, so a hit needs no validation: only
                // requests that passed it were ever kept.
                lookup: { request in
                    let now = upstreams.now()
                    guard let entry = rendered.fresh(key(request), now: now) else { return nil }
                    return entry.response(now: now, source: "HIT")
                },
                handler: { request, _ in
                    let (route, parameters) = try validated(request, upstreams.catalog, answering: answering)
                    let answer: UpstreamClient.Answer
                    do throws(UpstreamFailure) {
                        answer = try await upstreams.extract(route, parameters: parameters)
                    } catch {
                        throw CataloguedError(error)
                    }
                    // Requests that waited for the same upstream answer: the first renders it, the others send its bytes.
                    if answer.provenance.source != .stale {
                        let now = upstreams.now()
                        if let kept = rendered.rendered(key(request), now: now) { return kept.response(now: now, source: answer.provenance.source.rawValue) }
                    }
                    var document = answer.extraction.node(status: { ErrorCatalog.status(of: $0) })
                    let status: Int
                    if case .failure(let failure) = answer.extraction.outcome { status = ErrorCatalog.status(of: failure.code) } else { status = 200 }
                    let provenance = answer.provenance
                    if provenance.source == .stale {
                        document.attributes += [Node.Attribute("stale", "true"), Node.Attribute("age", String(provenance.age))]
                        var response = Response.document(document, for: request, status: status, cache: .noCache)
                        response.headers.set("X-Cache", "STALE")
                        response.headers.set("Age", String(provenance.age))
                        return response
                    }
                    let entry = RenderedAnswers.Entry(document, for: request, status: status, provenance: provenance)
                    let now = upstreams.now()
                    if provenance.isFresh(at: now) { rendered.keep(key(request), entry) }
                    return entry.response(now: now, source: provenance.source.rawValue)
                }),
        ]
    }

    static let list = Endpoint(
        "/api/routes", id: "routes", tag: "routes",
        summary: "The route files: what each fetches, from which upstream, with which parameters.",
        output: .documents([.routes]),
        outputDoc: "`routes/route` with id, domain, upstream, summary, path, `parameters/parameter` (name, required, default, repeat, "
            + "summary) and, for a route whose upstream no longer answers, `retired` (the year, or `true` when it is not known).")

    static let result = Endpoint(
        "/api/routes/{id}/result", id: "routeResult", tag: "routes",
        summary: "A route's normalized records for the query's parameters, from the cache or its upstream.",
        description: """
            The query's parameters are the route's own (see `/api/routes`); any other is refused (`unknown_parameter`), as \
            is one repeated, missing, too long or malformed (`repeated_parameter`, `missing_parameter`, `parameter_too_long`, \
            `invalid_parameter`). `X-Cache` says `HIT`, `MISS` or `STALE` and `Age` the seconds since the upstream answered. \
            A stale answer carries `stale="true"` and `age` on the document's root and `Cache-Control: no-cache`. A route's \
            own answer that nothing was found is its 404.
            """,
        output: .documents([.result]), outputDoc: "`result` with the route's record lists.",
        errors: ["unknown_route", "repeated_parameter", "missing_parameter", "parameter_too_long", "not_found"] + SBBEndpoints.upstreamCodes,
        refusesUnknownParameters: false, cost: .upstream(miss: 2)
    ) {
        Parameter.path("id", .text, "The route's id, as `/api/routes` lists it.")
    }

    /// The route and its parameters, or a 4xx naming what is wrong; a route that cannot answer is
    /// not served, as it is not listed.
    static func validated(
        _ request: Request, _ catalog: RouteCatalog, answering: (Scrape.Route) -> Bool
    ) throws(HTTPError) -> (Scrape.Route, [String: RouteParameter.Value]) {
        let id = request.parameters.raw("id").map(String.init) ?? ""
        guard let route = catalog[id], answering(route) else {
            let known = catalog.routes.filter(answering).map(\.id).joined(separator: ", ")
            throw .catalogued("unknown_route", "There is no route \"\(id.prefix(100))\"; the routes are \(known).")
        }
        var parameters: [String: RouteParameter.Value] = [:]
        for (name, value) in request.query where name != "pretty" && name != "format" {
            guard let declared = route.parameters.first(where: { $0.name == name }) else {
                let names = route.parameters.map(\.name)
                throw .catalogued(
                    "unknown_parameter",
                    "Route \(route.id) takes no parameter \"\(name.prefix(100))\"; "
                        + (names.isEmpty ? "it takes none." : "it takes \(names.joined(separator: ", "))."))
            }
            if let earlier = parameters[name] {
                // A repeatable parameter takes each of its values once more; others only once.
                guard declared.isRepeatable else {
                    throw .catalogued("repeated_parameter", "Parameter \(name) is given more than once.")
                }
                guard earlier.values.count < declared.maxValues else {
                    throw .catalogued("repeated_parameter", "Parameter \(name) is given more than \(declared.maxValues) times.")
                }
            }
            guard value.utf8.count <= maxValueBytes else {
                throw .catalogued("parameter_too_long", "Parameter \(name) is longer than \(maxValueBytes) bytes.")
            }
            guard !value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
                throw .catalogued("invalid_parameter", "Parameter \(name) contains a control character.")
            }
            guard declared.isRepeatable else {
                parameters[name] = .one(value)
                continue
            }
            guard !value.isEmpty else { continue }
            parameters[name] = .list((parameters[name]?.values ?? []) + [value])
        }
        if let missing = route.parameters.first(where: { $0.required && $0.defaultValue == nil && parameters[$0.name] == nil }) {
            throw .catalogued("missing_parameter", "Parameter \(missing.name) is required: \(missing.summary)")
        }
        return (route, parameters)
    }

    /// The kept answer's key: the route's id, the format and the query as sent.
    static func key(_ request: Request) -> String {
        RenderedAnswers.key(request, scope: request.parameters.raw("id") ?? "")
    }
}
