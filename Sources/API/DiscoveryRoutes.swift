import Markup
import Server

/// `/api` (the endpoint list) and `/api/openapi.json` (the OpenAPI 3.1 description).
enum DiscoveryRoutes {
    static func routes(catalog: EndpointCatalog) -> [Route] {
        let openAPI = PreparedBody(Array(OpenAPIDocument.json.utf8))
        return [
            .getInline("/api", summary: "The list of endpoints.") { request in
                let endpoints = catalog.all.map { route in
                    Node.element("endpoint", [
                        .leaf("method", route.method),
                        .leaf("path", route.template),
                        .leaf("summary", route.summary),
                    ])
                }
                return .document(
                    .element("api", [
                        .leaf("name", "gottago"),
                        .leaf("version", ServerVersion.current),
                        .leaf("openapi", "/api/openapi.json"),
                        .list("endpoints", endpoints),
                    ]), for: request, cache: .maxAge(300))
            },
            // The router strips `.json`; the document exists in that format only.
            .getInline("/api/openapi", summary: "The OpenAPI 3.1 description of every endpoint.") { request in
                guard !request.path.hasSuffix(".xml") else {
                    throw HTTPError.notFound("The OpenAPI document is served as /api/openapi.json.")
                }
                return Response(
                    headers: HTTPHeaders(contentType: "application/json; charset=utf-8"),
                    body: .prepared(openAPI), cache: .maxAge(300))
            },
        ]
    }
}
