import Kernel
import Markup
import Model
import Server

/// Endpoints for benchmarks and tests, served only with `--debug-routes`.
enum DebugEndpoints {
    /// A fixed schedules document of about 1 KiB, the benchmark's reference payload.
    static let sample = Schedules([
        Schedule(from: "Bern", to: "Zürich HB", links: [
            Link(departure: at("2026-12-01T08:02:00+01:00"), arrival: at("2026-12-01T08:58:00+01:00"), parts: [
                Part(
                    departure: at("2026-12-01T08:02:00+01:00"), arrival: at("2026-12-01T08:58:00+01:00"),
                    trackfrom: "7", trackto: "32", vehicle: "Train", line: "IC 1"),
            ]),
            Link(
                departure: at("2026-12-01T08:32:00+01:00"), arrival: at("2026-12-01T09:28:00+01:00"),
                info: "Platform change at Zürich HB", parts: [
                    Part(
                        departure: at("2026-12-01T08:32:00+01:00"), arrival: at("2026-12-01T09:28:00+01:00"),
                        trackfrom: "8", trackto: "31", vehicle: "Train", line: "IC 8"),
                ]),
            Link(departure: at("2026-12-01T08:36:00+01:00"), arrival: at("2026-12-01T09:45:00+01:00"), parts: [
                Part(
                    departure: at("2026-12-01T08:36:00+01:00"), arrival: at("2026-12-01T09:14:00+01:00"),
                    trackfrom: "9", trackto: "6", vehicle: "Train", line: "IR 15"),
                Part(
                    departure: at("2026-12-01T09:20:00+01:00"), arrival: at("2026-12-01T09:45:00+01:00"),
                    trackfrom: "4", trackto: "33", vehicle: "Train", line: "S 11"),
            ]),
        ]),
    ])

    /// A sample time; the literals above all parse.
    private static func at(_ text: String) -> OffsetDateTime {
        OffsetDateTime(text) ?? OffsetDateTime(instant: 0, in: .utc)
    }

    static func endpoints() -> [Endpoint] {
        let xml = PreparedBody(Response.render(sample.node, as: .xml, pretty: false))
        let json = PreparedBody(Response.render(sample.node, as: .json, pretty: false))
        return [
            fixed.answeringInline { request, _ in
                if request.pretty { return .document(sample.node, for: request, cache: .maxAge(60)) }
                return Response(
                    headers: HTTPHeaders(contentType: request.format.contentType),
                    body: .prepared(request.format == .xml ? xml : json), cache: .maxAge(60), negotiated: true)
            },
            delay.answering(as: DelayArguments.self) { request, arguments in
                try await Task.sleep(for: .milliseconds(arguments.ms))
                return .document(ServiceDocuments.delay.node(arguments.ms), for: request, cache: .noStore)
            },
        ]
    }

    static let fixed = Endpoint(
        "/debug/fixed", id: "debugFixed", tag: "debug", summary: "A fixed schedules document served from memory (benchmarks).",
        output: .documents([.schedules]), outputDoc: "A `schedules` document of about 1 KiB."
    ).debug()

    static let delay = Endpoint(
        "/debug/delay", id: "debugDelay", tag: "debug", summary: "Answers after waiting `ms` milliseconds without holding a thread (tests).",
        output: .documents([.delay]), outputDoc: "`delay/ms`."
    ) {
        Parameter.query("ms", .integer(0...10_000), default: 50, "Milliseconds to wait.")
    }.debug()
}

/// How long to wait.
struct DelayArguments: EndpointArguments {
    let ms: Int

    init(_ values: ParameterValues) { ms = values.integer("ms") ?? 0 }
}
