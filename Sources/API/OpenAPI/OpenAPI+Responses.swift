import Markup

extension OpenAPI {
    /// The codes every request to an endpoint may get besides its own: a query that cannot be
    /// decoded, a parameter it does not take or a bad value, a format it cannot give, a client
    /// limit spent or an unknown key.
    static func requestCodes(_ endpoint: Endpoint) -> [String] {
        var codes = ["invalid_percent_escape", "invalid_utf8", "control_character", "too_many_parameters", "unknown_parameter"]
        if !endpoint.allParameters.isEmpty { codes.append("invalid_parameter") }
        if endpoint.answersDocuments { codes += ["invalid_format", "not_acceptable"] }
        // With client limits on (`--client-rate`, `--api-keys`), every endpoint that is not free.
        if !endpoint.cost.isFree { codes += ["invalid_api_key", "rate_limited"] }
        return codes
    }

    /// The endpoint's own 400 codes: refusals of a request whose form the schema allows, for what
    /// no schema can state (a station name that matches several stations, a route too long, a
    /// route file's own parameters). Published as `x-refuses-valid-requests`, so that a contract
    /// checker expects a 400 there.
    static func refusalsOfValidRequests(_ endpoint: Endpoint) -> [String] {
        endpoint.errors.filter { status(of: $0) == 400 }
    }

    /// The 200 and one response per error status, from the endpoint's codes.
    static func responses(_ endpoint: Endpoint) -> JSONValue {
        var members: [JSONValue.Member] = [.init("200", ["description": .string(endpoint.outputDoc), "content": content(endpoint.output)])]
        var byStatus: [Int: [String]] = [:]
        // A code the catalog does not know would be answered as an internal error.
        for code in requestCodes(endpoint) + endpoint.errors where byStatus[status(of: code) ?? 500]?.contains(code) != true {
            byStatus[status(of: code) ?? 500, default: []].append(code)
        }
        for (status, codes) in byStatus.sorted(by: { $0.key < $1.key }) {
            members.append(.init(String(status), [
                "description": .string(codes.map { "`\($0)`" }.joined(separator: ", ") + "."),
                "content": endpoint.errorStyle == nil
                    ? errorContent(endpoint.output) : .object([.init("application/json", ["schema": Opendata.errors.reference])]),
            ]))
        }
        return .object(members)
    }

    /// What a 200 carries.
    static func content(_ output: Endpoint.Output) -> JSONValue {
        switch output {
        case .documents(let documents, let eventStream):
            var members: [JSONValue.Member] = [
                .init("application/xml", ["schema": oneOf(documents.map(xmlSchema))]),
                .init("application/json", ["schema": oneOf(documents.map(\.jsonSchema))]),
            ]
            if eventStream {
                members.append(.init("text/event-stream", ["schema": ["type": "string", "description": "Server-Sent Events."]]))
            }
            return .object(members)
        case .xmlSchema:
            return ["application/xml": ["schema": ["type": "string", "description": "An XML Schema 1.0 document."]]]
        case .text(let mediaType):
            return .object([.init(mediaType, ["schema": ["type": "string"]])])
        case .json(let schema):
            return ["application/json": ["schema": schema]]
        }
    }

    /// What an error carries: the error document, or for a document endpoint that answers a
    /// failure inside its own document (a schedule's error), that document.
    static func errorContent(_ output: Endpoint.Output) -> JSONValue {
        let xml = reference("schemas", "Error"), problem = reference("schemas", "Problem")
        guard case .documents(let documents, _) = output else {
            return ["application/xml": ["schema": xml], "application/problem+json": ["schema": problem]]
        }
        return [
            "application/xml": ["schema": ["anyOf": .array([xml] + documents.map(xmlSchema))]],
            "application/json": ["schema": ["anyOf": .array([reference("schemas", "ErrorDocument")] + documents.map(\.jsonSchema))]],
            "application/problem+json": ["schema": problem],
        ]
    }

    /// A document's XML form: its root element, and the XSD it is valid against.
    static func xmlSchema(_ document: EndpointDocument) -> JSONValue {
        var members: [JSONValue.Member] = [.init("type", "object"), .init("xml", ["name": .string(document.root)])]
        if let xsd = document.xsd { members.append(.init("description", .string("`\(document.root)`, valid against `\(xsd)`."))) }
        return .object(members)
    }

    static func oneOf(_ schemas: [JSONValue]) -> JSONValue {
        schemas.count == 1 ? schemas[0] : ["oneOf": .array(schemas)]
    }
}
