/// One step of a chain: checks its arguments when the chain loads, then turns each value into zero, one or several values.
protocol Normalizer: Sendable {
    /// Reads the step's arguments; throws for missing, unknown or malformed ones.
    init(arguments: inout StepArguments) throws(NormalizerError)

    /// Normalizes one value.
    func normalize(_ value: String, in context: any NormalizerContext) throws(NormalizerError) -> [String]

    /// Normalizes one value as the last step of a chain, keeping a typed value where the step
    /// makes one (a date-time); by default, the texts of `normalize`.
    func values(_ value: String, in context: any NormalizerContext) throws(NormalizerError) -> [FieldValue]
}

extension Normalizer {
    func values(_ value: String, in context: any NormalizerContext) throws(NormalizerError) -> [FieldValue] {
        try normalize(value, in: context).map(FieldValue.text)
    }
}

/// The closed set of normalizers, by name.
enum NormalizerCatalog {
    static let types: [String: any Normalizer.Type] = [
        "trim": TrimNormalizer.self,
        "collapse": CollapseNormalizer.self,
        "text": MarkupTextNormalizer.self,
        "lowercase": CaseNormalizer.self,
        "uppercase": CaseNormalizer.self,
        "int": IntNormalizer.self,
        "decimal": DecimalNormalizer.self,
        "boolean": BooleanNormalizer.self,
        "map": MapNormalizer.self,
        "regex": RegexNormalizer.self,
        "split": SplitNormalizer.self,
        "coordinate": CoordinateNormalizer.self,
        "date": DateNormalizer.self,
        "time": TimeNormalizer.self,
        "datetime": DateTimeNormalizer.self,
        "epoch": EpochNormalizer.self,
        "duration": DurationNormalizer.self,
        "temperature": TemperatureNormalizer.self,
        "url": URLNormalizer.self,
        "polyline": PolylineNormalizer.self,
    ]

    /// Builds the normalizer of a parsed step.
    static func make(_ step: ChainStep) throws(NormalizerError) -> any Normalizer {
        guard let type = types[step.name] else {
            throw NormalizerError("unknown normalizer \"\(step.name)\"")
        }
        var arguments = try StepArguments(step)
        let normalizer = try type.init(arguments: &arguments)
        try arguments.finish()
        return normalizer
    }
}
