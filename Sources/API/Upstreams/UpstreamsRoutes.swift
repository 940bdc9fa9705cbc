import Markup
import Server
import Upstream

/// `/api/upstreams`: every upstream the routes talk to, as an operator needs to see it, and the
/// schema of that document.
enum UpstreamsRoutes {
    static func routes(upstreams: Upstreams, uses: [String: UpstreamUse]) -> [Route] {
        let schema = PreparedBody(Array(UpstreamsSchema.file.xsd.utf8))
        return [
            .getInline(
                "/api/upstreams",
                summary: "Each upstream: roles, origin, politeness, breaker, last success and failure, and its routes' field fill rates."
            ) { request in
                .document(UpstreamsDocument.node(upstreams, uses: uses), for: request, cache: .noStore)
            },
            .getInline("/api/schema/upstreams.xsd", summary: "The XML Schema of the upstreams document.") { _ in
                Response(headers: HTTPHeaders(contentType: "application/xml; charset=utf-8"), body: .prepared(schema), cache: .maxAge(3600))
            },
        ]
    }
}
