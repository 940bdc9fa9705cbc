import Markup
import Server
import Upstream

/// `/api/upstreams`: every upstream the routes talk to, as an operator needs to see it, and the
/// schema of that document.
enum UpstreamsEndpoints {
    static func endpoints(upstreams: Upstreams, uses: [String: UpstreamUse]) -> [Endpoint] {
        [
            list.answeringInline { request, _ in
                .document(UpstreamsDocument.node(upstreams, uses: uses), for: request, cache: .noStore)
            },
            Endpoint.xmlSchema(
                UpstreamsSchema.file, id: "upstreamsSchema", tag: "operations",
                summary: "The XML Schema of the upstreams document.").admin(),
        ]
    }

    static let list = Endpoint(
        "/api/upstreams", id: "upstreams", tag: "operations",
        summary: "Each upstream: roles, origin, politeness, breaker, last success and failure, and its routes' field fill rates.",
        description: """
            Every upstream the route files talk to. `roles` names the providers chosen for it (none when only \
            `/api/routes/{id}/result` asks it); `origin` says whether the embedded sandbox answers in its place or the \
            upstream itself (`live`), and the hosts its requests go to; `politeness` is what its client runs with, `cache` \
            its default cache times; `breaker` is `closed`, `open` or `half-open`; `last_success` and `last_failure` give \
            the time (UTC), the code and the upstream's HTTP status when it answered. Each route lists, per record list and \
            field, how many of the records of its last 50 answers had a value (`records`, `filled`, `percent`): a field that \
            drops to 0 % is a page that changed. Keys and tokens are never shown.
            """,
        output: .documents([.upstreams]), outputDoc: "`upstreams/upstream`."
    ).admin()
}
