/// `map(key=value, ..., *=fallback)`: replaces the trimmed value by the value of the exactly matching key; a bare `*` key is the fallback, and without it an unmatched value is an error.
struct MapNormalizer: Normalizer {
    private let table: [String: String]
    private let fallback: String?

    init(arguments: inout StepArguments) throws(NormalizerError) {
        var table: [String: String] = [:]
        var fallback: String?
        for (key, value) in arguments.takeAllKeyed() {
            guard let replacement = value.literal else {
                throw NormalizerError("map: the value of \"\(key.syntax)\" cannot be a reference (\(value.syntax))")
            }
            // A quoted '*' is an ordinary key; only the bare word is the fallback.
            if key == .word("*") {
                fallback = replacement
            } else if let text = key.literal {
                guard table.updateValue(replacement, forKey: text) == nil else {
                    throw NormalizerError("map: duplicate key \(NormalizerError.quoted(text))")
                }
            }
        }
        guard !table.isEmpty || fallback != nil else {
            throw NormalizerError("map: expected key=value arguments such as map(1=Train, *=Other)")
        }
        self.table = table
        self.fallback = fallback
    }

    func normalize(_ value: String, in context: any NormalizerContext) throws(NormalizerError) -> [String] {
        if let mapped = table[String(TrimNormalizer.trimmed(value))] { return [mapped] }
        guard let fallback else {
            throw NormalizerError("map: no entry for \(NormalizerError.quoted(value)) and no * fallback")
        }
        return [fallback]
    }
}
