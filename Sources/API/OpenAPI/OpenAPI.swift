import Markup
import Server

/// The OpenAPI 3.1 description served at `/api/openapi.json`, made from the endpoints served:
/// one operation per endpoint, its parameters and their schemas from the declarations, its
/// error responses from its declared codes and their statuses.
enum OpenAPI {
    /// The whole document.
    static func document(_ endpoints: [Endpoint]) -> JSONValue {
        var paths: [JSONValue.Member] = []
        for endpoint in endpoints {
            let operation = JSONValue.Member(endpoint.method.lowercased(), self.operation(endpoint))
            if let index = paths.firstIndex(where: { $0.name == endpoint.publishedPath }), case .object(var methods) = paths[index].value {
                methods.append(operation)
                paths[index].value = .object(methods)
            } else {
                paths.append(JSONValue.Member(endpoint.publishedPath, .object([operation])))
            }
        }
        return [
            "openapi": "3.1.0",
            "info": [
                "title": "GottaGo",
                "version": .string(ServerVersion.current),
                "description": .string(overview),
            ],
            "paths": .object(paths),
            "components": components,
        ]
    }

    static let overview = """
        Swiss timetables, real-time departures, weather along a route and geocoding as compact, stable XML or JSON for \
        thin clients. Every document endpoint answers XML by default; the format is chosen by a `.xml`/`.json` suffix on \
        the last path segment, then the `format` query parameter, then `Accept`. Errors are XML `<error>` documents or \
        RFC 9457 `application/problem+json` with a stable `code`. Responses carry `ETag` (conditional requests with \
        `If-None-Match` answer 304), `Cache-Control`, `X-Request-Id` and `Access-Control-Allow-Origin: *`; bodies of \
        1 KiB or more are gzipped when `Accept-Encoding` allows. An endpoint refuses query parameters it does not \
        declare (`unknown_parameter`).
        """

    /// One endpoint's operation.
    static func operation(_ endpoint: Endpoint) -> JSONValue {
        var members: [JSONValue.Member] = [
            .init("summary", .string(endpoint.summary)),
            .init("operationId", .string(endpoint.id)),
            .init("tags", [.string(endpoint.tag)]),
        ]
        var notes = endpoint.description.map { [$0] } ?? []
        if endpoint.isDebug { notes.append("Served only when the server runs with `--debug-routes`.") }
        if endpoint.isAdmin {
            notes.append("Answered only to clients in `--admin-networks` (loopback by default); to anyone else it is a path that does not exist (404 `not_found`).")
        }
        if !notes.isEmpty { members.append(.init("description", .string(notes.joined(separator: " ")))) }
        let parameters = parameters(endpoint)
        if !parameters.isEmpty { members.append(.init("parameters", .array(parameters))) }
        members.append(.init("responses", responses(endpoint)))
        let refusals = refusalsOfValidRequests(endpoint)
        if !refusals.isEmpty { members.append(.init("x-refuses-valid-requests", .array(refusals.map(JSONValue.string)))) }
        return .object(members)
    }

    /// The shared parameters, schemas and error documents.
    static var components: JSONValue {
        [
            "parameters": [
                "format": parameter(.format),
                "pretty": parameter(.pretty),
            ],
            "schemas": schemas,
        ]
    }

    /// The schemas of the components: the service's own, then the transport.opendata.ch objects.
    static var schemas: JSONValue {
        guard case .object(let own) = ownSchemas else { return ownSchemas }
        return .object(own + Opendata.schemas)
    }

    /// The schemas of the service's own documents.
    static let ownSchemas: JSONValue = [
        "Latitude": ["type": "number", "minimum": -90, "maximum": 90, "description": "Latitude in degrees (WGS 84)."],
        "Longitude": ["type": "number", "minimum": -180, "maximum": 180, "description": "Longitude in degrees (WGS 84)."],
        "Position": positionSchema("lat", "lon"),
        "Error": [
            "type": "object",
            "description": "The XML error document: `<error>` with status, code, message, and fields such as `upstream`.",
            "xml": ["name": "error"],
            "required": ["status", "code", "message"],
            "properties": [
                "status": ["type": "integer"],
                "code": ["type": "string", "description": "Stable machine-readable code."],
                "message": ["type": "string"],
            ],
        ],
        // An endpoint's own error document in JSON, the XML `<error>`'s mirror, from its declaration.
        "ErrorDocument": EndpointDocument.error.jsonSchema,
        "Problem": [
            "type": "object",
            "description": "RFC 9457 problem details with the same `code` as the XML error.",
            "required": ["type", "title", "status", "code", "detail"],
            "properties": [
                "type": ["type": "string"],
                "title": ["type": "string"],
                "status": ["type": "integer"],
                "code": ["type": "string"],
                "detail": ["type": "string"],
            ],
        ],
    ]

    /// `lat` and `lon`, both or neither: one object exploded into two query parameters.
    static func positionSchema(_ latitude: String, _ longitude: String) -> JSONValue {
        [
            "type": "object",
            "properties": positionProperties(latitude, longitude),
            "required": [.string(latitude), .string(longitude)],
            "additionalProperties": false,
        ]
    }

    static func positionProperties(_ latitude: String, _ longitude: String) -> JSONValue {
        .object([.init(latitude, ["$ref": "#/components/schemas/Latitude"]), .init(longitude, ["$ref": "#/components/schemas/Longitude"])])
    }

    static func reference(_ kind: String, _ name: String) -> JSONValue {
        ["$ref": .string("#/components/\(kind)/\(name)")]
    }
}
