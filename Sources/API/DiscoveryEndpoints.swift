import Markup
import Server

/// `/api` (the endpoint list) and `/api/openapi.json` (the OpenAPI 3.1 description), both
/// made from the endpoints served.
enum DiscoveryEndpoints {
    static let list = Endpoint(
        "/api", id: "endpoints", tag: "discovery", summary: "The list of endpoints.",
        output: .documents([.endpoints]), outputDoc: "`api/endpoints/endpoint` with method, path and summary.")

    static let openAPI = Endpoint(
        "/api/openapi", publishedPath: "/api/openapi.json", id: "openapi", tag: "discovery",
        summary: "The OpenAPI 3.1 description of every endpoint.", output: .json(), outputDoc: "This document.")

    /// Both endpoints over the final list, which the catalog holds once the table is built.
    static func endpoints(catalog: EndpointCatalog) -> [Endpoint] {
        [
            list.answeringInline { request, _ in
                let endpoints = catalog.all.map { (method: $0.method, path: $0.path, summary: $0.summary) }
                return .document(ServiceDocuments.api.node((ServerVersion.current, endpoints)), for: request, cache: .maxAge(300))
            },
            Endpoint.xmlSchema(ServiceDocuments.schema, id: "serviceSchema", tag: "discovery", summary: "The XML Schema of the service's own documents."),
            // The router strips `.json`; the document exists in that format only.
            openAPI.answeringInline { request, _ in
                guard !request.path.hasSuffix(".xml") else {
                    throw HTTPError.notFound("The OpenAPI document is served as /api/openapi.json.")
                }
                return Response(
                    headers: HTTPHeaders(contentType: "application/json; charset=utf-8"),
                    body: .prepared(catalog.openAPI), cache: .maxAge(300))
            },
        ]
    }
}
