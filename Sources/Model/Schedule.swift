public import Markup

/// The connections from one origin to one destination: `<schedule>` in the original GottaGo schema.
public struct Schedule: Representable, Equatable {
    /// The origin as the client named it.
    public var from: String
    /// The destination as the client named it.
    public var to: String
    /// The connections, earliest first.
    public var links: [Link]

    /// Creates a schedule.
    public init(from: String, to: String, links: [Link]) {
        self.from = from
        self.to = to
        self.links = links
    }

    public var node: Node {
        .element("schedule", [
            .leaf("from", from),
            .leaf("to", to),
            .list("links", links.map(\.node)),
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
