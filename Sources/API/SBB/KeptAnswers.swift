import Markup
import Server
import Upstream

/// Timetable endpoints whose whole answer, when every upstream answer in it is fresh, is kept
/// rendered and found by the request as sent: a repeated request is answered on the server
/// thread. Answers carry `X-Cache` (HIT, MISS or STALE) and `Age` when an upstream was asked.
enum KeptAnswers {
    /// What a timetable handler made: the document, its status, and where its upstream answers
    /// came from (its cache headers, until when it may be kept, where a kept copy's hits count).
    struct Made: Sendable {
        let document: Node
        let status: Int
        let provenance: Provenance?
    }

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
                return entry.response(now: current, source: "HIT")
            },
            handler: { request, arguments in
                let made = try await make(arguments)
                let current = now()
                // Requests that waited for the same upstream answers: the first renders the document, the others send its bytes.
                if let provenance = made.provenance, provenance.isFresh(at: current), let kept = rendered.rendered(key(request), now: current) {
                    return kept.response(now: current, source: provenance.source.rawValue)
                }
                guard let provenance = made.provenance, provenance.isFresh(at: current) else {
                    var response = Response.document(made.document, for: request, status: made.status, cache: .noCache)
                    if let provenance = made.provenance {
                        response.headers.set("X-Cache", provenance.source.rawValue)
                        response.headers.set("Age", String(provenance.age))
                    }
                    return response
                }
                // Stored as old as the answer says it is, counted from now.
                var kept = provenance
                kept.storedAt = current - Int64(provenance.age) * 1000
                let entry = RenderedAnswers.Entry(made.document, for: request, status: made.status, provenance: kept)
                rendered.keep(key(request), entry)
                return entry.response(now: current, source: provenance.source.rawValue)
            })
    }

    /// The kept answer's key: the path, the format and the query as sent.
    static func key(_ request: Request) -> String {
        RenderedAnswers.key(request, scope: request.path)
    }
}
