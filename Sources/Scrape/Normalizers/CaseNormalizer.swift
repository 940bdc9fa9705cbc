/// `lowercase` / `uppercase`: changes letter case with the Unicode rules of `String` ("Straße" uppercases to "STRASSE"); never fails.
struct CaseNormalizer: Normalizer {
    private let upper: Bool

    init(arguments: inout StepArguments) {
        upper = arguments.normalizer == "uppercase"
    }

    func normalize(_ value: String, in context: any NormalizerContext) -> [String] {
        [upper ? value.uppercased() : value.lowercased()]
    }
}
