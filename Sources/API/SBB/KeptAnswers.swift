import Markup
import Server
import Upstream

/// Timetable endpoints whose whole answer, when every upstream answer in it is fresh, is kept
/// rendered and found by the request as sent: a repeated request is answered on the server
/// thread. Answers carry `X-Cache` (HIT, MISS or STALE) and `Age` when an upstream was asked.
enum KeptAnswers {
    /// What a timetable handler made: the document, its status, until when it may be kept, its
    /// cache headers, and the metrics (with the number of upstream answers it holds) a hit counts in.
    typealias Made = (
        document: Node, status: Int, freshUntil: Int64?, source: UpstreamClient.Answer.Source?, age: Int, metrics: UpstreamMetrics,
        answers: Int
    )

    /// The endpoint answered through kept answers: a lookup first (only checked requests were
    /// ever kept, so a hit needs no decoding), then `make` with the decoded arguments.
    static func endpoint<Arguments: EndpointArguments>(
        _ endpoint: Endpoint, as type: Arguments.Type, rendered: RenderedAnswers, now: @escaping @Sendable () -> Int64,
        make: @escaping @Sendable (Arguments) async throws -> Made
    ) -> Endpoint {
        endpoint.answering(
            as: type,
            lookup: { request in
                let current = now()
                guard let entry = rendered.fresh(key(request), now: current) else { return nil }
                entry.metrics.answeredFromKeptCopy(slot: ThreadSlot.current, count: entry.hits)
                return entry.response(now: current, source: "HIT")
            },
            handler: { request, arguments in
                let made = try await make(arguments)
                let current = now()
                guard let freshUntil = made.freshUntil, freshUntil > current else {
                    var response = Response.document(made.document, for: request, status: made.status, cache: .noCache)
                    if let source = made.source {
                        response.headers.set("X-Cache", source.rawValue)
                        response.headers.set("Age", String(made.age))
                    }
                    return response
                }
                let entry = RenderedAnswers.Entry(
                    body: PreparedBody(Response.render(made.document, as: request.format, pretty: request.pretty)),
                    status: made.status, contentType: request.format.contentType, storedAt: current - Int64(made.age) * 1000,
                    freshUntil: freshUntil, metrics: made.metrics, hits: made.answers)
                rendered.keep(key(request), entry)
                return entry.response(now: current, source: made.source?.rawValue)
            })
    }

    /// The kept answer's key: the path, the format and the query as sent.
    static func key(_ request: Request) -> String {
        RenderedAnswers.key(request, scope: request.path)
    }
}
