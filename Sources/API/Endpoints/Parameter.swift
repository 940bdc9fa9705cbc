import Markup

/// One declared parameter of an endpoint: where it is given, what it takes, how often, and one
/// line of doc. Decoding (`Parameter+Decoding`) and the OpenAPI schema (`OpenAPI+Parameters`)
/// both read this declaration.
///
/// ```swift
/// Parameter.query("limit", .integer(1...50), default: 10, "How many stations.")
/// Parameter.position("The client's position, to choose among stations that share a name.")
/// ```
struct Parameter: Sendable {
    /// Where the value is given.
    enum Location: String, Sendable {
        case path, query
    }

    /// What a value may be.
    enum Kind: Sendable {
        /// A whole number within the range.
        case integer(ClosedRange<Int>)
        /// A calendar date, `YYYY-MM-DD`, 1900–2199.
        case date
        /// A time of day, `HH:MM`.
        case time
        /// A time of day, `HH:MM`, `HH:MM:SS` or `HH:MM:SS.ffffff` (as Python writes a `time`); the
        /// timetable counts minutes, so seconds are dropped.
        case timeOfDay
        /// A local date and time, `YYYY-MM-DDTHH:MM`; with `space`, a space may stand for the `T`;
        /// with `seconds`, the time may be any `timeOfDay`.
        case dateTime(space: Bool, seconds: Bool = false)
        /// A number within the range (a coordinate in degrees).
        case number(ClosedRange<Double>)
        /// One of the listed words.
        case choice([String])
        /// `1`, `0`, `true` or `false`.
        case flag
        /// A station name or id, trimmed: 1–100 characters. In the path, a `;`-separated list of
        /// up to `max` of them; in the query, one per value.
        case stations(max: Int)
        /// A place name, trimmed: 1 to `maxLength` characters.
        case placeName(maxLength: Int)
        /// Any text without control characters (an id, an abbreviation).
        case text
        /// A position in degrees: the query parameters `lat` and `lon`, always together.
        case position
    }

    /// The name; for a position, the name of the pair (its members are `lat` and `lon`).
    let name: String
    let location: Location
    let kind: Kind
    /// Whether the request must give it.
    var required = false
    /// The value taken when it is absent, as published.
    var defaultValue: JSONValue?
    /// How many values it may have (query parameters given more than once).
    var repeats = 1
    /// Whether its values may also be given as `name[]` (PHP's list notation, which clients of
    /// transport.opendata.ch send); both spellings count together towards `repeats`.
    var bracketed = false
    /// One line of doc.
    let doc: String
    /// What a bad value "must be", where the kind's own words are not the endpoint's.
    var problem: String?

    /// The query parameter names this parameter stands for.
    var queryNames: [String] {
        guard location == .query else { return [] }
        if case .position = kind { return ["lat", "lon"] }
        return bracketed ? [name, name + "[]"] : [name]
    }

    /// How the parameter is named in messages: a position as its two members.
    var spoken: String {
        if case .position = kind { return "lat and lon" }
        return name
    }

    /// A path parameter (always required).
    static func path(_ name: String, _ kind: Kind, _ doc: String) -> Parameter {
        Parameter(name: name, location: .path, kind: kind, required: true, doc: doc)
    }

    /// A query parameter.
    static func query(
        _ name: String, _ kind: Kind, required: Bool = false, default value: JSONValue? = nil, repeats: Int = 1,
        bracketed: Bool = false, problem: String? = nil, _ doc: String
    ) -> Parameter {
        Parameter(
            name: name, location: .query, kind: kind, required: required, defaultValue: value, repeats: repeats, bracketed: bracketed,
            doc: doc, problem: problem)
    }

    /// The `lat` and `lon` query parameters, given together or not at all.
    static func position(required: Bool = false, _ doc: String) -> Parameter {
        Parameter(name: "position", location: .query, kind: .position, required: required, doc: doc)
    }

    /// The longest station name, in characters.
    static let maxStationName = 100
}

/// A rule over several of an endpoint's parameters (by name; a position by its pair's name).
enum ParameterRule: Sendable {
    /// At least one of them is given.
    case anyOf([String])
    /// Exactly one of them is given.
    case oneOf([String])
    /// At most one of them is given.
    case notTogether([String])
    /// All of them are given, or none.
    case allOrNone([String])

    /// The parameters the rule is about.
    var names: [String] {
        switch self {
        case .anyOf(let names), .oneOf(let names), .notTogether(let names), .allOrNone(let names): names
        }
    }
}
