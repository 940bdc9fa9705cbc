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
        var route = Route(method, path, summary: summary, immediate: fast, handler: slow)
        route.errorStyle = errorStyle
        route.isAdmin = isAdmin
        route.cost = cost
        return route
    }
}

/// Decodes and checks a request's parameters against an endpoint's declaration.
struct ParameterDecoder: Sendable {
    /// The declarations held by reference: decoding borrows each instead of copying it.
    private let declared: [Declared]
    /// Each rule with the positions of the parameters it names and how its message names them.
    let rules: [(rule: ParameterRule, slots: [Int], spoken: [String])]
    /// The query names taken; nil when unknown ones are left to the handler.
    let known: Set<String>?
    /// The endpoint's own names, for the message that refuses an unknown one.
    let listed: String
    /// Every default, for a request without path parameters or query, and the start of every other.
    let defaults: ParameterValues
    let hasPathParameters: Bool
    let hasRequired: Bool

    init(_ endpoint: Endpoint) {
        let parameters = endpoint.allParameters
        precondition(parameters.count <= 64, "an endpoint declares at most 64 parameters")
        declared = parameters.map(Declared.init)
        let names = parameters.map(\.name)
        rules = endpoint.rules.map { rule in
            (rule, rule.names.compactMap { names.firstIndex(of: $0) }, rule.names.map { name in parameters.first { $0.name == name }?.spoken ?? name })
        }
        let own = endpoint.parameters.flatMap(\.queryNames)
        known = endpoint.refusesUnknownParameters ? Set(parameters.flatMap(\.queryNames)) : nil
        listed = own.sorted().joined(separator: ", ")
        var defaults = ParameterValues(names: names)
        for (slot, parameter) in parameters.enumerated() { defaults[slot: slot] = parameter.defaultParameterValue }
        self.defaults = defaults
        hasPathParameters = parameters.contains { $0.location == .path }
        hasRequired = parameters.contains(where: \.required)
    }

    /// The request's parameters, checked; the first thing wrong is a 400 naming the parameter.
    func decode(_ request: Request) throws -> ParameterValues {
        if request.query.isEmpty, !hasPathParameters, rules.isEmpty, !hasRequired { return defaults }
        if let known {
            for (name, _) in request.query where !known.contains(name) {
                throw HTTPError.catalogued("unknown_parameter", "Unknown parameter \"\(name.prefix(40))\"; this endpoint takes \(listed).")
            }
        }
        var values = defaults
        var given: UInt64 = 0
        for (slot, declared) in declared.enumerated() {
            guard let value = try declared.parameter.given(in: request) else { continue }
            values[slot: slot] = value
            given |= 1 << slot
        }
        for (rule, slots, spoken) in rules { try Self.check(rule, spoken, count: slots.count { given & (1 << $0) != 0 }) }
        return values
    }

    /// One declaration, by reference.
    private final class Declared: Sendable {
        let parameter: Parameter
        init(_ parameter: Parameter) { self.parameter = parameter }
    }

    private static func check(_ rule: ParameterRule, _ spoken: [String], count: Int) throws(HTTPError) {
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
