/// One `name(arguments)` step of a chain as written, before its normalizer checks the arguments.
struct ChainStep: Sendable {
    let name: String
    let arguments: [StepArgument]
    /// 1-based column of the name, for messages.
    let column: Int
}

/// One argument of a step: a value, optionally preceded by `key=`.
struct StepArgument: Sendable {
    let key: ArgumentValue?
    let value: ArgumentValue
    let column: Int
}

/// An argument token.
enum ArgumentValue: Sendable, Hashable {
    /// A bare word such as `comma`, `1`, `*` or `-3.5`.
    case word(String)
    /// A single-quoted string, escapes already resolved.
    case quoted(String)
    case reference(ValueReference)

    /// The text of a word or quoted string; `nil` for a reference.
    var literal: String? {
        switch self {
        case .word(let text), .quoted(let text): return text
        case .reference: return nil
        }
    }

    /// How the token was written, for messages.
    var syntax: String {
        switch self {
        case .word(let text): return text
        case .quoted(let text): return NormalizerError.quoted(text)
        case .reference(let reference): return reference.syntax
        }
    }
}
