public import Kernel
public import Markup

/// One extracted record: its fields' normalized values and its nested record lists, in route order.
public struct Record: Sendable, Equatable {
    /// The element name (`connection`).
    public let name: String
    /// Fields and nested lists, in the order the route declares them.
    public let members: [Member]

    /// A field's values, or a nested list.
    public enum Member: Sendable, Equatable {
        /// A field; `item` names each value's element when the field keeps every value.
        case field(name: String, values: [FieldValue], item: String?)
        /// A nested list of records.
        case list(name: String, records: [Record])
    }

    /// The first value of a field.
    public func value(_ field: String) -> String? {
        values(field).first?.text
    }

    /// Every value of a field (none when absent).
    public func values(_ field: String) -> [FieldValue] {
        for case .field(let name, let values, _) in members where name == field { return values }
        return []
    }

    /// Every value of a field as text (none when absent).
    public func texts(_ field: String) -> [String] {
        values(field).map(\.text)
    }

    /// The first value of a field as a date-time: as the `time` and `datetime` normalizers made
    /// it, or a text read as ISO 8601 (without an offset, in `zone`); nil when absent or not one.
    public func time(_ field: String, in zone: ZoneRules) -> OffsetDateTime? {
        values(field).first?.time(in: zone)
    }

    /// The records of a nested list.
    public func list(_ name: String) -> [Record] {
        for case .list(let listName, let records) in members where listName == name { return records }
        return []
    }

    /// The record as a document element.
    public var node: Node {
        .element(name, members.map(\.node))
    }
}

extension Record.Member {
    /// The member as a document element: a leaf, a list of values, or a list of records.
    public var node: Node {
        switch self {
        case .field(let name, let values, let item):
            if let item { return .list(name, values.map { .leaf(item, $0.text) }) }
            return .leaf(name, values.first?.text ?? "")
        case .list(let name, let records):
            return .list(name, records.map(\.node))
        }
    }
}

/// A response that stands for an error: the route's code, its kind and message, and any details
/// (an ambiguous station's candidates).
public struct RouteFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The stable machine code (`no_connections`).
    public let code: String
    /// Whether the upstream answered the request or failed.
    public let kind: FailureKind
    /// A message for people.
    public let message: String
    /// Record lists extracted for the client, such as candidates.
    public let details: [Record.Member]

    public var description: String { "\(code): \(message)" }

    /// The failure as an `<error>` document element, led by the status `status` gives for its
    /// code (none when it gives nil).
    public func node(status: (String) -> Int?) -> Node {
        .element("error", [.leaf("status", status(code)), .leaf("code", code), .leaf("message", message)] + details.map { $0.node as Node? })
    }
}

/// What a route made of one response: records, or the error the response stands for, and what
/// went wrong on the way (records dropped for a missing required field, values that did not normalize).
public struct Extraction: Sendable {
    /// The route's id.
    public let route: String
    /// The top-level record lists, or the failure.
    public let outcome: Result<[Record.Member], RouteFailure>
    /// Notes for the log, at most `Extraction.maxDiagnostics` of them.
    public let diagnostics: [String]

    /// How many notes are kept.
    public static let maxDiagnostics = 20

    /// An extraction put together from others' parts (a route and its follow-up).
    public init(route: String, outcome: Result<[Record.Member], RouteFailure>, diagnostics: [String]) {
        self.route = route
        self.outcome = outcome
        self.diagnostics = Array(diagnostics.prefix(Self.maxDiagnostics))
    }

    /// The outcome as one document: `<result route="…">` with the lists, or `<error>` without a status.
    public var node: Node { node(status: { _ in nil }) }

    /// The outcome as one document: `<result route="…">` with the lists, or `<error>` led by the
    /// status `status` gives for the failure's code.
    public func node(status: (String) -> Int?) -> Node {
        switch outcome {
        case .success(let lists):
            return .element("result", attributes: [Node.Attribute("route", route)], lists.map(\.node))
        case .failure(let failure):
            var node = failure.node(status: status)
            node.attributes = [Node.Attribute("route", route)]
            return node
        }
    }
}
