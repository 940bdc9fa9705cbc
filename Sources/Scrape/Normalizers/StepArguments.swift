/// The arguments of one step, taken one by one by the normalizer that checks them; whatever is left over is an error.
struct StepArguments {
    let normalizer: String
    private var positional: [ArgumentValue]
    private var keyed: [(key: ArgumentValue, value: ArgumentValue)]

    init(_ step: ChainStep) throws(NormalizerError) {
        normalizer = step.name
        positional = []
        keyed = []
        var seen = Set<ArgumentValue>()
        for argument in step.arguments {
            guard let key = argument.key else {
                positional.append(argument.value)
                continue
            }
            guard seen.insert(key).inserted else {
                throw NormalizerError("\(step.name): duplicate argument \"\(key.syntax)\"")
            }
            keyed.append((key, argument.value))
        }
    }

    /// Takes the next positional argument, which must be written out rather than referenced.
    mutating func positionalLiteral(_ what: String) throws(NormalizerError) -> String? {
        guard !positional.isEmpty else { return nil }
        return try literal(positional.removeFirst(), what)
    }

    /// Takes `key=value`, whose value must be written out rather than referenced.
    mutating func keyedLiteral(_ key: String) throws(NormalizerError) -> String? {
        guard let value = take(key) else { return nil }
        return try literal(value, key)
    }

    /// Takes `key=value`, where the value may be a reference.
    mutating func keyedSource(_ key: String) -> ValueSource? {
        guard let value = take(key) else { return nil }
        if case .reference(let reference) = value { return .reference(reference) }
        return value.literal.map(ValueSource.literal)
    }

    /// Takes every `key=value` in order, for `map`.
    mutating func takeAllKeyed() -> [(key: ArgumentValue, value: ArgumentValue)] {
        defer { keyed = [] }
        return keyed
    }

    /// Rejects arguments no one took.
    func finish() throws(NormalizerError) {
        if let extra = positional.first {
            throw NormalizerError("\(normalizer): unexpected argument \"\(extra.syntax)\"")
        }
        if let extra = keyed.first {
            throw NormalizerError("\(normalizer): unknown argument \"\(extra.key.syntax)\"")
        }
    }

    private mutating func take(_ key: String) -> ArgumentValue? {
        guard let index = keyed.firstIndex(where: { $0.key.literal == key }) else { return nil }
        return keyed.remove(at: index).value
    }

    private func literal(_ value: ArgumentValue, _ what: String) throws(NormalizerError) -> String {
        guard let text = value.literal else {
            throw NormalizerError("\(normalizer): \(what) cannot be a reference (\(value.syntax))")
        }
        return text
    }
}
