import Markup

extension RouteLoader {
    /// The route's `<canary>`: declared parameters only, each once, every required one given.
    func canary(_ root: DocumentNode, parameters: [RouteParameter]) throws(RouteError) -> Canary? {
        guard let node = try elements(root, "canary").first else { return nil }
        var given: [Canary.Parameter] = []
        for element in try elements(node, "param") {
            let name = element.attribute("name") ?? ""
            guard parameters.contains(where: { $0.name == name }) else {
                throw RouteError(file, line: element.line, "the canary sets \(name), which is not a declared parameter")
            }
            guard !given.contains(where: { $0.name == name }) else {
                throw RouteError(file, line: element.line, "the canary sets \(name) twice")
            }
            // The schema allows only the known forms and options.
            let value: Canary.Value
            if let form = element.attribute("now") {
                value = .now(Canary.Moment(rawValue: form) ?? .iso8601)
            } else if let option = element.attribute("option") {
                value = .option(option)
            } else {
                value = .text(element.stringValue)
            }
            given.append(Canary.Parameter(name: name, value: value))
        }
        if let missing = parameters.first(where: { $0.required && $0.defaultValue == nil && !given.map(\.name).contains($0.name) }) {
            throw RouteError(file, line: node.line, "the canary does not set the required parameter \(missing.name)")
        }
        return Canary(parameters: given)
    }

    /// The route's `retired` attribute: a year, or `true` when the year is not known.
    func retirement(_ root: DocumentNode) -> Retirement? {
        guard let value = root.attribute("retired") else { return nil }
        return Retirement(year: Int(value))
    }
}
