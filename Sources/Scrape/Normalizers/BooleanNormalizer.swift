/// `boolean`: true/false/1/0/yes/no/y/n/on/off, ignoring case and surrounding whitespace → "true" or "false".
struct BooleanNormalizer: Normalizer {
    init(arguments: inout StepArguments) {}

    func normalize(_ value: String, in context: any NormalizerContext) throws(NormalizerError) -> [String] {
        switch TrimNormalizer.trimmed(value).lowercased() {
        case "true", "1", "yes", "y", "on": return ["true"]
        case "false", "0", "no", "n", "off": return ["false"]
        default: throw NormalizerError("boolean: \(NormalizerError.quoted(value)) is not a boolean (expected true/false, 1/0, yes/no, y/n or on/off)")
        }
    }
}
