public import Markup

/// The connections from one origin to one destination: `<schedule>` in the original GottaGo schema.
///
/// A schedule that could not be answered carries an `error` instead of links; the other
/// schedules of the same request are unaffected.
public struct Schedule: Representable, Equatable {
    /// The origin as the client named it.
    public var from: String
    /// The destination as the client named it.
    public var to: String
    /// The connections, earliest first.
    public var links: [Link]
    /// Why there are no links, when there are none because of a problem.
    public var error: ScheduleError?
    /// Seconds since the upstream answered, when the answer is served stale.
    public var staleAge: Int?
    /// Opaque cursors for the links before the first and after the last shown (`cursor=`).
    public var earlier: String?
    public var later: String?
    /// The attribution the upstream's terms ask for (Transitous's), when it asks for one.
    public var credit: String?

    /// Creates a schedule.
    public init(from: String, to: String, links: [Link], error: ScheduleError? = nil, staleAge: Int? = nil) {
        self.from = from
        self.to = to
        self.links = links
        self.error = error
        self.staleAge = staleAge
    }

    /// What a `<schedule>` holds, declared once for its node and the schemas.
    public static let shape = Shape<Schedule>.children("Schedule", [
        .leaf("from", .string) { $0.from },
        .leaf("to", .string) { $0.to },
        .flag("stale", summary: "Present only when the links are served from the cache after the upstream failed or while it refreshes.") {
            $0.staleAge != nil
        },
        .optional("age", .count) { $0.staleAge },
        .optionalElement("error", ScheduleError.shape, summary: "Why this schedule has no links; the other schedules are unaffected.") {
            $0.error
        },
        .list("links", "link", Link.shape) { $0.links },
        .optional("earlier", .string, summary: Self.cursorSummary("before the first")) { $0.earlier },
        .optional("later", .string, summary: Self.cursorSummary("after the last")) { $0.later },
        .optional("credit", .string, summary: Self.creditSummary) { $0.credit },
    ])

    /// What a timetable document's `credit` is, in the schemas' words.
    public static let creditSummary = "The attribution the timetable upstream's terms ask for (Transitous: MOTIS and its data sources), to be shown with the links."

    /// What a page cursor is, in the schemas' words.
    public static func cursorSummary(_ side: String) -> String {
        "An opaque cursor: the same request with `cursor=` and this value answers the items \(side) shown, with no repeat and no gap."
    }

    public var node: Node { Self.shape.node("schedule", self) }
}

/// Why one schedule has no links: a stable code, a message, and the candidate stations for an
/// ambiguous or unknown name. Its `<status>` is the API's to give, from its error catalog.
public struct ScheduleError: Representable, Equatable, Error, ErrorReport {
    public var code: String
    public var message: String
    /// Stations the name could mean (`ambiguous_station`), or suggestions (`unknown_station`).
    public var candidates: [Station]

    /// Creates an error.
    public init(code: String, message: String, candidates: [Station] = []) {
        self.code = code
        self.message = message
        self.candidates = candidates
    }

    /// What the error element holds: the one error shape.
    public static let shape = ErrorShape.shape(of: ScheduleError.self)

    public var node: Node { Self.shape.node("error", self) }
}

/// The list of schedules answered for one request: `<schedules>`.
public struct Schedules: Representable, Equatable {
    /// One schedule per (from, to) pair, in request order.
    public var schedules: [Schedule]

    /// Creates the document.
    public init(_ schedules: [Schedule]) { self.schedules = schedules }

    /// The document, declared once for its node and the schemas.
    public static let document = DocumentShape<Schedules>("schedules", .list("schedule", Schedule.shape) { $0.schedules })

    public var node: Node { Self.document.node(self) }
}
