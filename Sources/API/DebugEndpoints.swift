import Kernel
import Markup
import Model
import Server

/// Endpoints for benchmarks and tests, served only with `--debug-routes`.
enum DebugEndpoints {
    /// A fixed schedules document of about 1 KiB, the benchmark's reference payload.
    static let sample = Schedules([
        Schedule(from: "Bern", to: "Zürich HB", links: [
            link([part("08:02", "08:58", tracks: ("7", "32"), line: "IC 1")]),
            link([part("08:32", "09:28", tracks: ("8", "31"), line: "IC 8")], info: "Platform change at Zürich HB"),
            link([part("08:36", "09:14", tracks: ("9", "6"), line: "IR 15"), part("09:20", "09:45", tracks: ("4", "33"), line: "S 11")]),
        ]),
    ])

    /// A connection over `parts`, from the first one's departure to the last one's arrival.
    private static func link(_ parts: [Part], info: String = "") -> Link {
        Link(departure: parts[0].departure, arrival: parts[parts.count - 1].arrival, info: info, parts: parts)
    }

    /// A train between two times of the sample's day.
    private static func part(_ departure: String, _ arrival: String, tracks: (from: String, to: String), line: String) -> Part {
        Part(departure: at(departure), arrival: at(arrival), trackfrom: tracks.from, trackto: tracks.to, vehicle: "Train", line: line)
    }

    /// A time of 1 December 2026 at +01:00; the sample's times all parse.
    private static func at(_ time: String) -> OffsetDateTime {
        OffsetDateTime("2026-12-01T\(time):00+01:00") ?? OffsetDateTime(instant: 0, in: .utc)
    }

    /// The debug endpoints; the sandbox clock's only when a sandbox runs.
    static func endpoints(advanceSandboxClock: (@Sendable (Int) -> Int64)? = nil) -> [Endpoint] {
        let xml = PreparedBody(Response.render(sample.node, as: .xml, pretty: false))
        let json = PreparedBody(Response.render(sample.node, as: .json, pretty: false))
        var endpoints = [
            fixed.answeringInline { request, _ in
                if request.pretty { return .document(sample.node, for: request, cache: .maxAge(60)) }
                return Response(
                    headers: HTTPHeaders(contentType: request.format.contentType),
                    body: .prepared(request.format == .xml ? xml : json), cache: .maxAge(60), negotiated: true)
            },
            // The same bytes from a handler task: what the hand-off from Swift back to the server costs.
            fixedHandoff.answering { request, _ in
                Response(
                    headers: HTTPHeaders(contentType: request.format.contentType),
                    body: .prepared(request.format == .xml ? xml : json), cache: .maxAge(60), negotiated: true)
            },
            // A subscriber that waits: one event, then nothing until the client leaves or the server stops.
            idleEvents.answeringInline { _, _ in
                // Fed, with no task: the stream holds until the client leaves.
                .eventFeed { events in events.send(event: "ready", data: "1") }
            },
            delay.answering(as: DelayArguments.self) { request, arguments in
                try await Task.sleep(for: .milliseconds(arguments.ms))
                return .document(ServiceDocuments.delay.node(arguments.ms), for: request, cache: .noStore)
            },
        ]
        if let advanceSandboxClock {
            endpoints.append(sandboxClock.answeringInline(as: ClockArguments.self) { request, arguments in
                .document(ServiceDocuments.clock.node(advanceSandboxClock(arguments.seconds)), for: request, cache: .noStore)
            })
        }
        return endpoints
    }

    static let fixed = Endpoint(
        "/debug/fixed", id: "debugFixed", tag: "debug", summary: "A fixed schedules document served from memory (benchmarks).",
        output: .documents([.schedules]), outputDoc: "A `schedules` document of about 1 KiB."
    ).debug()

    static let fixedHandoff = Endpoint(
        "/debug/fixed/handoff", id: "debugFixedHandoff", tag: "debug",
        summary: "The fixed document of /debug/fixed, answered by a handler task rather than on the server's thread (benchmarks).",
        output: .documents([.schedules]), outputDoc: "The `schedules` document of /debug/fixed."
    ).debug()

    static let idleEvents = Endpoint(
        "/debug/events/idle", id: "debugIdleEvents", tag: "debug",
        summary: "A Server-Sent Events stream that sends `ready` and then waits until the client leaves (benchmarks: idle subscribers).",
        output: .documents([.delay], eventStream: true), outputDoc: "One `ready` event, then nothing."
    ).debug()

    static let delay = Endpoint(
        "/debug/delay", id: "debugDelay", tag: "debug", summary: "Answers after waiting `ms` milliseconds without holding a thread (tests).",
        output: .documents([.delay]), outputDoc: "`delay/ms`."
    ) {
        Parameter.query("ms", .integer(0...10_000), default: 50, "Milliseconds to wait.")
    }.debug()
}

extension DebugEndpoints {
    static let sandboxClock = Endpoint(
        "/debug/sandbox/clock", id: "debugSandboxClock", tag: "debug",
        summary: "Moves the embedded sandbox's clock forward by `advance` seconds (tests: departures that come nearer without waiting).",
        output: .documents([.clock]), outputDoc: "`clock/time`: the sandbox's time after the move, in Unix seconds."
    ) {
        Parameter.query("advance", .integer(0...604_800), required: true, problem: "must be seconds, a whole number from 0 to 604800",
                        "Seconds to move the clock forward, up to a week.")
    }.posting().debug()
}

/// How far to move the sandbox's clock.
struct ClockArguments: EndpointArguments {
    let seconds: Int

    init(_ values: ParameterValues) { seconds = values.integer("advance") ?? 0 }
}

/// How long to wait.
struct DelayArguments: EndpointArguments {
    let ms: Int

    init(_ values: ParameterValues) { ms = values.integer("ms") ?? 0 }
}
