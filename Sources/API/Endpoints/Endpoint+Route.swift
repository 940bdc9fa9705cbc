import Server

extension Endpoint {
    /// The server's route for this endpoint: the lookup, then the declared parameters decoded
    /// and checked, then the handler.
    var route: Route {
        guard let answer else { preconditionFailure("endpoint \(path) has no handler") }
        let decoder = ParameterDecoder(self)
        var fast: Route.ImmediateHandler?
        if answer.lookup != nil || answer.immediate != nil {
            let lookup = answer.lookup, immediate = answer.immediate
            fast = { @Sendable (request: Request) throws -> Response? in
                if let lookup, let response = try lookup(request) { return response }
                guard let immediate else { return nil }
                return try immediate(request, try decoder.decode(request))
            }
        }
        var slow: Route.Handler?
        if let handler = answer.handler {
            slow = { @Sendable (request: Request) async throws -> Response in
                try await handler(request, try decoder.decode(request))
            }
        }
        return Route(method, path, summary: summary, immediate: fast, handler: slow)
    }
}

/// Decodes and checks a request's parameters against an endpoint's declaration.
struct ParameterDecoder: Sendable {
    let parameters: [Parameter]
    let rules: [ParameterRule]
    /// The query names taken; nil when unknown ones are left to the handler.
    let known: Set<String>?
    /// The endpoint's own names, for the message that refuses an unknown one.
    let listed: String
    /// Every default, for a request without path parameters or query.
    let defaults: ParameterValues
    let hasPathParameters: Bool

    init(_ endpoint: Endpoint) {
        parameters = endpoint.allParameters
        rules = endpoint.rules
        let own = endpoint.parameters.flatMap(\.queryNames)
        known = endpoint.refusesUnknownParameters ? Set(parameters.flatMap(\.queryNames)) : nil
        listed = own.sorted().joined(separator: ", ")
        var defaults = ParameterValues()
        for parameter in parameters { defaults[parameter.name] = parameter.defaultParameterValue }
        self.defaults = defaults
        hasPathParameters = parameters.contains { $0.location == .path }
    }

    /// The request's parameters, checked; the first thing wrong is a 400 naming the parameter.
    func decode(_ request: Request) throws -> ParameterValues {
        if request.query.isEmpty, !hasPathParameters, rules.isEmpty, !parameters.contains(where: \.required) { return defaults }
        if let known {
            for (name, _) in request.query where !known.contains(name) {
                throw HTTPError.catalogued("unknown_parameter", "Unknown parameter \"\(name.prefix(40))\"; this endpoint takes \(listed).")
            }
        }
        var values = ParameterValues()
        var given: Set<String> = []
        for parameter in parameters {
            guard let value = try parameter.given(in: request) else { continue }
            values[parameter.name] = value
            given.insert(parameter.name)
        }
        for rule in rules { try check(rule, given) }
        for parameter in parameters where values[parameter.name] == nil { values[parameter.name] = defaults[parameter.name] }
        return values
    }

    private func check(_ rule: ParameterRule, _ given: Set<String>) throws(HTTPError) {
        let spoken = rule.names.map { name in parameters.first { $0.name == name }?.spoken ?? name }
        let count = rule.names.filter(given.contains).count
        switch rule {
        case .anyOf:
            guard count >= 1 else { throw Parameter.invalid(spoken[0], "or \(spoken.dropFirst().joined(separator: " or ")) are required") }
        case .oneOf:
            guard count == 1 else {
                throw Parameter.invalid(spoken[0], "or \(spoken.dropFirst().joined(separator: " or ")) (one of them) is required")
            }
        case .notTogether:
            guard count <= 1 else { throw Parameter.invalid(spoken[0], "and \(spoken.dropFirst().joined(separator: " and ")) may not be given together") }
        }
    }
}
