extension ElementDeclaration {
    /// The JSON Schema (2020-12) of the JSON document whose root is this element, by
    /// ``JSONRenderer``'s rules: `{"<name>": <content>}`, a leaf a typed value, children an
    /// object, a list an array of its items' contents.
    public func documentJSONSchema() -> JSONValue {
        var members: [JSONValue.Member] = [.init("type", "object")]
        if let summary { members.append(.init("description", .string(summary))) }
        members += [
            .init("required", [.string(name)]),
            .init("properties", .object([.init(name, content.jsonSchema(summary: nil))])),
        ]
        return .object(members)
    }
}

extension ContentDeclaration {
    /// The JSON Schema of an element with this content as the JSON writer renders it; `summary`
    /// becomes its description.
    public func jsonSchema(summary: String?) -> JSONValue {
        var members: [JSONValue.Member] = []
        switch self {
        case .text(let text):
            members.append(.init("type", .string(text.json.rawValue)))
            if let format = text.format { members.append(.init("format", .string(format))) }
            if let pattern = text.pattern { members.append(.init("pattern", .string("^(" + pattern + ")$"))) }
            if let minimum = text.minimum { members.append(.init("minimum", .int(minimum))) }
            if let maximum = text.maximum { members.append(.init("maximum", .int(maximum))) }
            if !text.enumeration.isEmpty { members.append(.init("enum", .array(text.enumeration.map { .string($0) }))) }
        case .children(let complex):
            members.append(.init("type", "object"))
            if let name = complex.name { members.append(.init("title", .string(name))) }
            let required = complex.members.filter { !$0.isOptional }.map { JSONValue.string($0.name) }
            if !required.isEmpty { members.append(.init("required", .array(required))) }
            members.append(.init("properties", .object(complex.members.map { .init($0.name, $0.content.jsonSchema(summary: $0.summary)) })))
        case .list(let item):
            members.append(.init("type", "array"))
            if !item.isOptional { members.append(.init("minItems", 1)) }
            members.append(.init("items", item.content.jsonSchema(summary: item.summary)))
        }
        if let description = summary ?? typeSummary { members.insert(.init("description", .string(description)), at: 1) }
        return .object(members)
    }

    /// The summary of the named type the content is, if any.
    var typeSummary: String? {
        switch self {
        case .text(let text): text.summary
        case .children(let complex): complex.summary
        case .list: nil
        }
    }
}
