/// `split('sep')`: splits on a literal separator, trims each part and drops empty parts, so one value becomes several.
struct SplitNormalizer: Normalizer {
    private let separator: String

    init(arguments: inout StepArguments) throws(NormalizerError) {
        guard let separator = try arguments.positionalLiteral("the separator"), !separator.isEmpty else {
            throw NormalizerError("split: expected a non-empty separator such as split(',')")
        }
        self.separator = separator
    }

    func normalize(_ value: String, in context: any NormalizerContext) -> [String] {
        value.split(separator: separator).compactMap { part in
            let trimmed = TrimNormalizer.trimmed(part)
            return trimmed.isEmpty ? nil : String(trimmed)
        }
    }
}
