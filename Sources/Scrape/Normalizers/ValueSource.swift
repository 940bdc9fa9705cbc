/// An argument that is either written in the chain or looked up through the context when the chain runs.
enum ValueSource: Sendable, Equatable {
    case literal(String)
    case reference(ValueReference)

    /// The value, or `nil` when a reference has none.
    func resolve(in context: any NormalizerContext) -> String? {
        switch self {
        case .literal(let text): return text
        case .reference(let reference): return context.value(of: reference)
        }
    }

    /// How the argument was written, for messages.
    var syntax: String {
        switch self {
        case .literal(let text): return NormalizerError.quoted(text)
        case .reference(let reference): return reference.syntax
        }
    }
}
