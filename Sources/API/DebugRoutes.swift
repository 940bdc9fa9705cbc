import Markup
import Model
import Server

/// Endpoints for benchmarks and tests, served only with `--debug-routes`.
enum DebugRoutes {
    /// A fixed schedules document of about 1 KiB, the benchmark's reference payload.
    static let sample = Schedules([
        Schedule(from: "Bern", to: "Zürich HB", links: [
            Link(departure: "2026-12-01T08:02:00+01:00", arrival: "2026-12-01T08:58:00+01:00", parts: [
                Part(
                    departure: "2026-12-01T08:02:00+01:00", arrival: "2026-12-01T08:58:00+01:00",
                    trackfrom: "7", trackto: "32", vehicle: "Train", line: "IC 1"),
            ]),
            Link(
                departure: "2026-12-01T08:32:00+01:00", arrival: "2026-12-01T09:28:00+01:00",
                info: "Platform change at Zürich HB", parts: [
                    Part(
                        departure: "2026-12-01T08:32:00+01:00", arrival: "2026-12-01T09:28:00+01:00",
                        trackfrom: "8", trackto: "31", vehicle: "Train", line: "IC 8"),
                ]),
            Link(departure: "2026-12-01T08:36:00+01:00", arrival: "2026-12-01T09:45:00+01:00", parts: [
                Part(
                    departure: "2026-12-01T08:36:00+01:00", arrival: "2026-12-01T09:14:00+01:00",
                    trackfrom: "9", trackto: "6", vehicle: "Train", line: "IR 15"),
                Part(
                    departure: "2026-12-01T09:20:00+01:00", arrival: "2026-12-01T09:45:00+01:00",
                    trackfrom: "4", trackto: "33", vehicle: "Train", line: "S 11"),
            ]),
        ]),
    ])

    static func routes() -> [Route] {
        let xml = PreparedBody(Response.render(sample.node, as: .xml, pretty: false))
        let json = PreparedBody(Response.render(sample.node, as: .json, pretty: false))
        return [
            .getInline("/debug/fixed", summary: "A fixed schedules document served from memory (benchmarks).") { request in
                if request.pretty { return .document(sample.node, for: request, cache: .maxAge(60)) }
                return Response(
                    headers: HTTPHeaders(contentType: request.format.contentType),
                    body: .prepared(request.format == .xml ? xml : json), cache: .maxAge(60), negotiated: true)
            },
            .get("/debug/delay", summary: "Answers after waiting `ms` milliseconds without holding a thread (tests).") { request in
                let text = request.query.first("ms") ?? "50"
                guard let ms = Int(text), (0...10_000).contains(ms) else {
                    throw HTTPError.badRequest("Parameter ms must be a whole number from 0 to 10000.", code: "invalid_parameter")
                }
                try await Task.sleep(for: .milliseconds(ms))
                return .document(ServiceDocuments.delay.node(ms), for: request, cache: .noStore)
            },
        ]
    }
}
