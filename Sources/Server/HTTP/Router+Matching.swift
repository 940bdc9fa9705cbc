extension Router {
    /// Resolves a method and a raw path (percent-encoded, without the query).
    public func match(method: String, path: String) -> Resolution {
        var path = path
        guard let location = path.withUTF8({ tree.locate($0) }) else { return .notFound }
        let endpoint = endpoints[location.leaf]
        guard let value = endpoint.value(for: method) else {
            return .methodNotAllowed(allowed: endpoint.allowed, template: endpoint.template)
        }
        let parameters = Parameters(path: path, names: endpoint.parameterNames, ranges: location.captures)
        return .found(Match(value: value, template: endpoint.template, parameters: parameters, format: location.format))
    }
}

extension Router.Endpoint {
    func value(for method: String) -> Value? {
        if let entry = methods.first(where: { $0.method == method }) { return entry.value }
        if method == "HEAD" { return methods.first(where: { $0.method == "GET" })?.value }
        return nil
    }
}
