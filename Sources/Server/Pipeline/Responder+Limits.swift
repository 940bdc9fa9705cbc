extension Responder {
    /// The handler of a request whose gate must wait for its shared store: admission first, then
    /// the route's fast path or handler; the limit fields go on whatever it answers.
    func gated(_ route: Route, client: ClientIdentity, gate: any RequestGate) -> Route.Handler {
        let immediate = route.immediate, handler = route.handler, cost = route.cost
        return { [self] request in
            let headers: HTTPHeaders
            let charged: String?
            switch await gate.admit(client, cost: cost.hit) {
            case .refused(let error):
                throw error
            case .admitted(let fields, let who):
                (headers, charged) = (fields, who)
            }
            var response: Response
            do {
                if let immediate, let answer = try immediate(request) {
                    response = answer
                } else if let handler {
                    response = try await handler(request)
                } else {
                    throw HTTPError.notFound()
                }
            } catch {
                response = errorResponse(error, for: request)
            }
            for field in headers { response.headers.add(field.name, field.value) }
            if let charged, cost.miss > cost.hit, Self.askedUpstream(response) {
                gate.charge(charged, units: cost.miss - cost.hit)
            }
            return response
        }
    }

    /// Whether an answer asked an upstream, and so costs a miss: a 200 whose `X-Cache` is `MISS`,
    /// or that has none (a stream, an aggregation that does not say).
    static func askedUpstream(_ response: Response) -> Bool {
        guard response.status == 200 else { return false }
        switch response.headers["X-Cache"] {
        case "HIT", "STALE": return false
        default: return true
        }
    }

    /// The header names a browser script may read: the limit fields too where they are sent.
    static let exposedHeaders = "ETag, X-Request-Id, X-Cache, Age, Retry-After"
    static let exposedWithLimits = exposedHeaders + ", RateLimit, RateLimit-Policy, X-Rate-Limit-Limit, X-Rate-Limit-Remaining, X-Rate-Limit-Reset"
}
