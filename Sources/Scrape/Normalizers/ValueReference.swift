/// A reference from a normalizer argument to another value.
public enum ValueReference: Hashable, Sendable {
    /// `$name`: a field of the same record, already normalized.
    case field(String)
    /// `$../name`: a field of the enclosing record.
    case parentField(String)
    /// `$param.name`: a request parameter.
    case parameter(String)
    /// `$previous`: this same field's normalized value in the previous record of the same list.
    case previous

    /// The reference as written in a chain, for messages.
    var syntax: String {
        switch self {
        case .field(let name): return "$" + name
        case .parentField(let name): return "$../" + name
        case .parameter(let name): return "$param." + name
        case .previous: return "$previous"
        }
    }
}
