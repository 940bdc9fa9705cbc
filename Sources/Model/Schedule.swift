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

    /// Creates a schedule.
    public init(from: String, to: String, links: [Link], error: ScheduleError? = nil, staleAge: Int? = nil) {
        self.from = from
        self.to = to
        self.links = links
        self.error = error
        self.staleAge = staleAge
    }

    public var node: Node {
        .element("schedule", [
            .leaf("from", from),
            .leaf("to", to),
            staleAge == nil ? nil : .leaf("stale", true),
            .leaf("age", staleAge),
            error?.node,
            .list("links", links.map(\.node)),
        ])
    }
}

/// Why one schedule has no links: a stable code, a message, and the candidate stations for an
/// ambiguous or unknown name.
///
/// Its `<error>` element has no `<status>`: the API puts the one its error catalog gives for the
/// code first when it answers the document.
public struct ScheduleError: Representable, Equatable, Error {
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

    public var node: Node {
        .element("error", [
            .leaf("code", code),
            .leaf("message", message),
            candidates.isEmpty ? nil : .list("candidates", candidates.map { station in
                .element("station", [
                    .leaf("id", station.id),
                    .leaf("name", station.name),
                    .leaf("lat", station.latitude),
                    .leaf("lon", station.longitude),
                ])
            }),
        ])
    }
}

/// The list of schedules answered for one request: `<schedules>`.
public struct Schedules: Representable, Equatable {
    /// One schedule per (from, to) pair, in request order.
    public var schedules: [Schedule]

    /// Creates the document.
    public init(_ schedules: [Schedule]) { self.schedules = schedules }

    public var node: Node { .list("schedules", schedules.map(\.node)) }
}
