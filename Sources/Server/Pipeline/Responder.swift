import Synchronization

/// The request pipeline shared by the event loops' connections and the in-memory test client.
///
/// It routes, validates, negotiates and runs handlers, then adds the HTTP semantics every
/// response gets: error documents, `ETag`/304, gzip, CORS, caching headers and the request id.
public final class Responder: Sendable {
    /// What happens next with a request.
    public enum Step: Sendable {
        /// The response is ready (an error, a preflight or a fast-path answer).
        case respond(Request, Response)
        /// The async handler must run.
        case run(Request, Route.Handler)
    }

    let router: Router<RouteHandle>
    let configuration: ServerConfiguration
    let metrics: ServerMetrics
    let log: ServerLog
    /// The error styles of the templates whose routes have one, for a method a template does not serve.
    let errorStyles: [String: ErrorStyle]
    /// The templates of the admin routes, for a method a template does not serve.
    let adminTemplates: Set<String>
    /// The per-client limits, when they are on.
    let gate: (any RequestGate)?
    private let isDraining = Atomic<Bool>(false)

    /// Creates a pipeline over a set of routes; a duplicate or malformed template throws. With a
    /// `gate`, every request to a route that is not free passes it first.
    public init(routes: [Route], configuration: ServerConfiguration, log: ServerLog, gate: (any RequestGate)? = nil) throws {
        let metrics = ServerMetrics(templates: routes.map(\.template))
        var router = Router<RouteHandle>()
        for route in routes {
            try router.register(route.method, route.template, RouteHandle(route, series: metrics.series(for: route.template)))
        }
        self.router = router
        var errorStyles: [String: ErrorStyle] = [:]
        for route in routes { if let style = route.errorStyle { errorStyles[route.template] = style } }
        self.errorStyles = errorStyles
        adminTemplates = Set(routes.filter(\.isAdmin).map(\.template))
        self.configuration = configuration
        self.log = log
        self.metrics = metrics
        self.gate = gate
    }

    /// The (method, template) pairs that are served.
    public var routes: [Route] { router.routes.map(\.value.route) }

    /// The metrics this pipeline records into.
    public var serverMetrics: ServerMetrics { metrics }

    /// Marks the server as shutting down: responses then close their connection.
    public func startDraining() { isDraining.store(true, ordering: .relaxed) }

    /// Whether the server is shutting down.
    public var draining: Bool { isDraining.load(ordering: .relaxed) }

    /// Checks the size limits that apply before the request is routed.
    public func checkLimits(targetBytes: Int, headerBytes: Int, headerFields: Int = 0, declaredBodyBytes: Int?) -> HTTPError? {
        let limits = configuration.limits
        if targetBytes > limits.maxTargetBytes { return .uriTooLong(limit: limits.maxTargetBytes) }
        if headerBytes > limits.maxHeaderBytes { return .headersTooLarge(limit: limits.maxHeaderBytes) }
        if headerFields > limits.maxHeaderFields { return .tooManyHeaderFields(limit: limits.maxHeaderFields) }
        if let body = declaredBodyBytes, body > limits.maxBodyBytes {
            return .contentTooLarge(limit: limits.maxBodyBytes)
        }
        return nil
    }

    /// The error a request gets from routing alone (404, or 405 for a method the path does not
    /// serve), known before its body is read: a client that waits for `100 Continue` gets it instead.
    public func routingError(for request: Request) -> HTTPError? {
        switch match(request) {
        case .notFound:
            return .notFound()
        case .methodNotAllowed(let allowed, _):
            return request.method == "OPTIONS" ? nil : .methodNotAllowed(request.method, allowed: allowed + ["OPTIONS"])
        case .found:
            return nil
        }
    }

    /// The route table as this request's client may see it: to a client outside the admin
    /// networks, an admin route's path is one no route matches (whatever the method), so that its
    /// answer, 404 `not_found`, cannot be told from an unknown path's.
    func match(_ request: Request) -> Router<RouteHandle>.Resolution {
        let resolution = router.match(method: request.method, path: request.path)
        switch resolution {
        case .found(let match):
            guard match.value.isAdmin else { return resolution }
        case .methodNotAllowed(_, let template):
            guard adminTemplates.contains(template) else { return resolution }
        case .notFound:
            return resolution
        }
        let isAdmin = request.clientIsAdmin ?? configuration.adminNetworks.contains(request.clientAddress)
        return isAdmin ? resolution : .notFound
    }

    /// Routes and validates a request, and answers it at once where it can.
    public func begin(_ request: consuming Request) -> Step {
        var request = request
        var queryKey: String?
        if let gate, gate.takesKeys, let query = request.rawQuery, let (rest, key) = KeyParameter.split(query) {
            queryKey = key
            request = request.retargeted(rest.isEmpty ? request.path : request.path + "?" + rest)
        }
        do {
            switch match(request) {
            case .notFound:
                throw HTTPError.notFound()
            case .methodNotAllowed(let allowed, let template):
                request.template = template
                request.errorStyle = errorStyles[template]
                if request.method == "OPTIONS" {
                    return .respond(request, preflight(request, allowed: allowed))
                }
                throw HTTPError.methodNotAllowed(request.method, allowed: allowed + ["OPTIONS"])
            case .found(let match):
                request.template = match.template
                request.series = match.value.series
                request.errorStyle = match.value.route.errorStyle
                request.parameters = match.parameters
                if !match.value.route.readsRawQuery {
                    request.query = try QueryParameters(parsing: request.rawQuery)
                    request.format = try Negotiation.format(
                        suffix: match.format, query: request.query.first("format"), accept: request.headers["Accept"])
                    if let pretty = request.query.first("pretty") { request.pretty = pretty == "1" || pretty == "true" }
                }
                if let gate, !match.value.route.cost.isFree {
                    let client = ClientIdentity(address: request.remoteAddress, key: request.headers["X-Api-Key"] ?? queryKey)
                    let cost = match.value.route.cost
                    guard let verdict = gate.admitNow(client, cost: cost.hit) else {
                        return .run(request, gated(match.value.route, client: client, gate: gate))
                    }
                    switch verdict {
                    case .refused(let error):
                        throw error
                    case .admitted(let headers, let charged):
                        request.limitHeaders = headers
                        if let charged, cost.miss > cost.hit { request.missCharge = (charged, cost.miss - cost.hit) }
                    }
                }
                // The closures are read one by one; copying the whole Route would retain all its members.
                if let immediate = match.value.route.immediate, let response = try immediate(request) {
                    return .respond(request, response)
                }
                guard let handler = match.value.route.handler else { throw HTTPError.notFound() }
                return .run(request, handler)
            }
        } catch {
            return .respond(request, errorResponse(error, for: request))
        }
    }

    /// Runs an async handler, turning a thrown error into its error document.
    public func run(_ request: Request, _ handler: Route.Handler) async -> Response {
        do {
            return try await handler(request)
        } catch {
            return errorResponse(error, for: request)
        }
    }

    /// Answers a request in memory, end to end, as the daemon would.
    public func respond(to request: Request) async -> WireResponse {
        if let error = checkLimits(
            targetBytes: request.path.utf8.count + (request.rawQuery.map { $0.utf8.count + 1 } ?? 0),
            headerBytes: request.headers.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 4 },
            headerFields: request.headers.count,
            declaredBodyBytes: request.body.count)
        {
            return finalize(errorResponse(error, for: request), for: request)
        }
        switch begin(request) {
        case .respond(let request, let response):
            return finalize(response, for: request)
        case .run(let request, let handler):
            return finalize(await run(request, handler), for: request)
        }
    }

    /// The answer to a CORS preflight or a plain `OPTIONS`.
    private func preflight(_ request: Request, allowed: [String]) -> Response {
        let methods = (allowed + ["OPTIONS"]).joined(separator: ", ")
        var headers: HTTPHeaders = [
            ("Allow", methods),
            ("Access-Control-Allow-Methods", methods),
            ("Access-Control-Max-Age", "86400"),
        ]
        // The requested names are echoed only when they are plain header-name tokens.
        let requested = request.headers["Access-Control-Request-Headers"] ?? ""
        let isTokenList = requested.utf8.count <= 1024 && requested.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2D || byte == 0x5F || byte == 0x2C || byte == 0x20
        }
        headers.add(
            "Access-Control-Allow-Headers",
            requested.isEmpty || !isTokenList ? "Accept, Accept-Encoding, If-None-Match, X-Request-Id" : requested)
        return Response(status: 204, headers: headers, cache: .noStore)
    }
}

/// A route behind one reference, so that a router match costs one retain, not one per field.
final class RouteHandle: Sendable {
    let route: Route
    /// The route's metrics, found once here rather than by template on every request.
    let series: RouteSeries
    /// `route.isAdmin`, read on every request without touching the rest of the route.
    let isAdmin: Bool

    init(_ route: Route, series: RouteSeries) {
        self.route = route
        self.series = series
        isAdmin = route.isAdmin
    }
}
