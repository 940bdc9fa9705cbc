import Server
import Services
import Kernel

/// One parameter's decoded value.
enum ParameterValue: Sendable {
    case integer(Int)
    case date(LocalDate)
    case time(LocalTime)
    case dateTime(LocalDate, LocalTime)
    case flag(Bool)
    case text(String)
    case position(Coordinate)
    case number(Double)
    /// A parameter given several times, or a list of stations in one path segment.
    case list([ParameterValue])
}

/// An endpoint's parameters, decoded and checked against its declaration: what a handler reads
/// its typed arguments from (`EndpointArguments`).
///
/// One slot per declared parameter, in the declaration's order: an endpoint has a handful, so a
/// lookup by name is a short scan, and a request's values are one array copied from the defaults.
struct ParameterValues: Sendable {
    /// The endpoint's parameter names, shared by every request's values.
    private let names: [String]
    private var slots: [ParameterValue?]

    /// No value yet for any of these parameters.
    init(names: [String]) {
        self.names = names
        slots = Array(repeating: nil, count: names.count)
    }

    /// The value of a parameter, its default when it was not given, or nil.
    subscript(name: String) -> ParameterValue? {
        guard let slot = names.firstIndex(of: name) else { return nil }
        return slots[slot]
    }

    /// The value of the parameter declared at this position.
    subscript(slot slot: Int) -> ParameterValue? {
        get { slots[slot] }
        set { slots[slot] = newValue }
    }

    /// A whole number.
    func integer(_ name: String) -> Int? { if case .integer(let value)? = self[name] { value } else { nil } }

    /// A number.
    func number(_ name: String) -> Double? { if case .number(let value)? = self[name] { value } else { nil } }

    /// A flag; nil when neither given nor defaulted.
    func flag(_ name: String) -> Bool? { if case .flag(let value)? = self[name] { value } else { nil } }

    /// A text (a word of a choice, a name).
    func text(_ name: String) -> String? { if case .text(let value)? = self[name] { value } else { nil } }

    /// Every text of a list parameter (none when absent).
    func texts(_ name: String) -> [String] {
        switch self[name] {
        case .list(let items)?:
            items.compactMap { if case .text(let text) = $0 { text } else { nil } }
        case .text(let text)?:
            [text]
        default:
            []
        }
    }

    /// A position.
    func position(_ name: String = "position") -> Coordinate? { if case .position(let value)? = self[name] { value } else { nil } }

    /// A value the declaration requires: the decoder has refused every request without it, so
    /// its absence is a declaration out of step with its arguments (a 500 and a log line).
    func required<Value>(_ name: String, _ value: (ParameterValues) -> Value?) throws -> Value {
        guard let value = value(self) else { throw Missing(name: name) }
        return value
    }

    /// A required parameter without a value.
    struct Missing: Error, CustomStringConvertible {
        let name: String
        var description: String { "parameter \(name) is required by its endpoint's arguments but not declared as required" }
    }
}

/// A handler's typed arguments, made from its endpoint's decoded parameters (as Hummingbird's
/// `decodeQuery(as:)` makes a `Decodable` from a query): every check has already been made.
protocol EndpointArguments: Sendable {
    init(_ values: ParameterValues) throws
}

/// The arguments of an endpoint that takes no parameters of its own.
struct NoArguments: EndpointArguments {
    init(_ values: ParameterValues) {}
}
