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

    static func routes(upstreams: Upstreams) -> [Server.Route] {
        let rendered = RenderedAnswers()
        return [
            .getInline("/api/routes", summary: "The route files: what each fetches, from which upstream, with which parameters.") { request in
                .document(ServiceDocuments.routes.node(upstreams.catalog.routes), for: request, cache: .maxAge(300))
            },
            Server.Route(
                "GET", "/api/routes/{id}/result",
                summary: "A route's normalized records for the query's parameters, from the cache or its upstream.",
                // A kept answer is found by the request as sent, so a hit needs no validation: only
                // requests that passed it were ever kept.
                immediate: { request in
                    let now = upstreams.now()
                    guard let entry = rendered.fresh(key(request), now: now) else { return nil }
                    entry.metrics.answeredFromKeptCopy(slot: ThreadSlot.current)
                    return entry.response(now: now, source: "HIT")
                },
                handler: { request in
                    let (route, parameters) = try validated(request, upstreams.catalog)
                    let answer: UpstreamClient.Answer
                    do throws(UpstreamFailure) {
                        answer = try await upstreams.extract(route, parameters: parameters)
                    } catch {
                        throw UpstreamError(failure: error)
                    }
                    var document = answer.extraction.node
                    let status: Int
                    if case .failure(let failure) = answer.extraction.outcome { status = failure.status } else { status = 200 }
                    if answer.source == .stale {
                        document.attributes += [Node.Attribute("stale", "true"), Node.Attribute("age", String(answer.age))]
                        var response = Response.document(document, for: request, status: status, cache: .noCache)
                        response.headers.set("X-Cache", "STALE")
                        response.headers.set("Age", String(answer.age))
                        return response
                    }
                    let client = upstreams.client(for: route)
                    let entry = RenderedAnswers.Entry(
                        body: PreparedBody(Response.render(document, as: request.format, pretty: request.pretty)),
                        status: status, contentType: request.format.contentType,
                        storedAt: answer.storedAt, freshUntil: answer.freshUntil, metrics: client.metrics)
                    let now = upstreams.now()
                    if now < entry.freshUntil { rendered.keep(key(request), entry) }
                    return entry.response(now: now, source: answer.source.rawValue)
                }),
        ]
    }

    /// The route and its parameters, or a 4xx naming what is wrong.
    static func validated(_ request: Request, _ catalog: RouteCatalog) throws(HTTPError) -> (Scrape.Route, [String: String]) {
        let id = request.parameters.raw("id").map(String.init) ?? ""
        guard let route = catalog[id] else {
            let known = catalog.routes.map(\.id).joined(separator: ", ")
            throw HTTPError(status: 404, code: "unknown_route", message: "There is no route \"\(id.prefix(100))\"; the routes are \(known).")
        }
        var parameters: [String: String] = [:]
        for (name, value) in request.query where name != "pretty" {
            guard let declared = route.parameters.first(where: { $0.name == name }) else {
                let names = route.parameters.map(\.name)
                throw .badRequest(
                    "Route \(route.id) takes no parameter \"\(name.prefix(100))\"; "
                        + (names.isEmpty ? "it takes none." : "it takes \(names.joined(separator: ", "))."),
                    code: "unknown_parameter")
            }
            if let earlier = parameters[name] {
                // A repeatable parameter takes each of its values once more; others only once.
                guard declared.isRepeatable else {
                    throw .badRequest("Parameter \(name) is given more than once.", code: "repeated_parameter")
                }
                guard earlier.split(separator: RouteParameter.valueSeparator).count < declared.maxValues else {
                    throw .badRequest("Parameter \(name) is given more than \(declared.maxValues) times.", code: "repeated_parameter")
                }
            }
            guard value.utf8.count <= maxValueBytes else {
                throw .badRequest("Parameter \(name) is longer than \(maxValueBytes) bytes.", code: "parameter_too_long")
            }
            guard !value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
                throw .badRequest("Parameter \(name) contains a control character.", code: "invalid_parameter")
            }
            guard !value.isEmpty || !declared.isRepeatable else { continue }
            parameters[name] = parameters[name].map { $0 + String(RouteParameter.valueSeparator) + value } ?? value
        }
        if let missing = route.parameters.first(where: { $0.required && $0.defaultValue == nil && parameters[$0.name] == nil }) {
            throw .badRequest("Parameter \(missing.name) is required: \(missing.summary)", code: "missing_parameter")
        }
        return (route, parameters)
    }

    /// The kept answer's key: the route's id, the format and the query as sent.
    static func key(_ request: Request) -> String {
        RenderedAnswers.key(request, scope: request.parameters.raw("id") ?? "")
    }
}

/// An upstream failure as the client sees it: its status, code and message, the upstream's name,
/// and `Retry-After` when it is worth coming back later.
struct UpstreamError: HTTPResponseError {
    let failure: UpstreamFailure

    var status: Int { failure.status }
    var code: String { failure.code }
    var message: String { failure.message }
    var headers: HTTPHeaders {
        guard let seconds = failure.retryAfter else { return HTTPHeaders() }
        return [("Retry-After", String(seconds))]
    }
    var fields: [(name: String, value: String)] { [("upstream", failure.upstream)] }
}
