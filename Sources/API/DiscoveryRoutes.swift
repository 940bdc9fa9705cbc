import Markup
import Server

/// `/api` (the endpoint list) and `/api/openapi.json` (the OpenAPI 3.1 description).
enum DiscoveryRoutes {
    static func routes(catalog: EndpointCatalog) -> [Route] {
        let openAPI = PreparedBody(Array(OpenAPIDocument.json.utf8))
        let schema = PreparedBody(Array(ServiceDocuments.schema.xsd.utf8))
        return [
            .getInline("/api", summary: "The list of endpoints.") { request in
                let endpoints = catalog.all.map { (method: $0.method, path: $0.template, summary: $0.summary) }
                return .document(ServiceDocuments.api.node((ServerVersion.current, endpoints)), for: request, cache: .maxAge(300))
            },
            .getInline("/api/schema/service.xsd", summary: "The XML Schema of the service's own documents.") { _ in
                Response(headers: HTTPHeaders(contentType: "application/xml; charset=utf-8"), body: .prepared(schema), cache: .maxAge(3600))
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
