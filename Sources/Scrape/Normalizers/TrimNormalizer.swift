/// `trim`: strips leading and trailing whitespace, including U+00A0 NO-BREAK SPACE and newlines; never fails.
struct TrimNormalizer: Normalizer {
    init(arguments: inout StepArguments) {}

    func normalize(_ value: String, in context: any NormalizerContext) -> [String] {
        [String(Self.trimmed(value))]
    }

    /// The text without surrounding whitespace; `Character.isWhitespace` covers NBSP and the other Unicode spaces.
    static func trimmed(_ text: some StringProtocol) -> Substring {
        let whole = Substring(text)
        // Nothing to trim when both ends are visible ASCII, which is nearly always.
        if let first = whole.utf8.first, let last = whole.utf8.last, first > 0x20, first < 0x7F, last > 0x20, last < 0x7F {
            return whole
        }
        guard let start = whole.firstIndex(where: { !$0.isWhitespace }),
              let end = whole.lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return whole[start...end]
    }
}
