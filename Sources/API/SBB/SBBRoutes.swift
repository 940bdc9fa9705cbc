import Markup
import Model
import Server
import Services

/// The timetable endpoints: `/api/sbb/…` and the schema their documents follow.
enum SBBRoutes {
    static func routes(timetable: TimetableService?) -> [Route] {
        let schema = PreparedBody(Array(SBBSchema.xsd.utf8))
        var routes: [Route] = [
            // Only `.xml` and `.json` suffixes choose a format; this path is the file's name.
            .getInline("/api/schema/sbb.xsd", summary: "The XML Schema of the timetable documents.") { _ in
                Response(headers: HTTPHeaders(contentType: "application/xml; charset=utf-8"), body: .prepared(schema), cache: .maxAge(3600))
            },
        ]
        if let timetable {
            routes.append(.get(
                "/api/sbb/from/{from}/to/{to}",
                summary: "Connections from each of up to 5 stations to each of up to 5 others (`;`-separated), one schedule per pair."
            ) { request in
                let query = try SBBParameters.connections(request)
                let answer = await timetable.schedules(query)
                return .document(answer.document.node, for: request, status: answer.status, cache: answer.status == 200 ? .maxAge(30) : .noStore)
            })
        }
        return routes
    }
}
