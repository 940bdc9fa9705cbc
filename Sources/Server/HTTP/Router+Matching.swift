extension Router {
    /// Resolves a method and a raw path (percent-encoded, without the query).
    public func match(method: String, path: String) -> Resolution {
        // Fields are read in place: binding a whole Endpoint would retain each of its members.
        let located = path.utf8.withContiguousStorageIfAvailable { tree.locate($0) }
            ?? { var copy = path; return copy.withUTF8 { tree.locate($0) } }()
        guard let location = located else { return .notFound }
        let leaf = location.leaf
        guard let value = endpoints[leaf].value(for: method) else {
            return .methodNotAllowed(allowed: endpoints[leaf].allowed, template: endpoints[leaf].template)
        }
        let parameters = location.captures.isEmpty
            ? Parameters()
            : Parameters(path: path, names: endpoints[leaf].parameterNames, ranges: location.captures)
        return .found(Match(value: value, template: endpoints[leaf].template, parameters: parameters, format: location.format))
    }
}

extension Router.Endpoint {
    func value(for method: String) -> Value? {
        for entry in methods where entry.method == method { return entry.value }
        if method == "HEAD" {
            for entry in methods where entry.method == "GET" { return entry.value }
        }
        return nil
    }
}
