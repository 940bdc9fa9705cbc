/// `collapse`: trims and turns every internal whitespace run (spaces, NBSP, tabs, newlines) into one space; never fails.
struct CollapseNormalizer: Normalizer {
    init(arguments: inout StepArguments) {}

    func normalize(_ value: String, in context: any NormalizerContext) -> [String] {
        [value.split(whereSeparator: \.isWhitespace).joined(separator: " ")]
    }
}
