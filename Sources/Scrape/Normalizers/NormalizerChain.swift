/// A parsed, checked sequence of normalizers such as `collapse | time | datetime(date=$date, after=$previous)`, applied to a field's raw values.
public struct NormalizerChain: Sendable {
    private let steps: [any Normalizer]

    /// Every reference the chain's arguments use (the loader checks them).
    public let references: [ValueReference]

    /// The normalizer names in order.
    public let names: [String]

    /// Parses and checks a chain such as `collapse | time | datetime(date=$date, after=$previous)`; unknown names and bad arguments throw at load time with messages like `unknown normalizer "tiem"` or `date: unknown format "yymmdd" (expected yyyymmdd, dd.mm.yy, dd.mm.yyyy, mm/dd/yyyy, iso)`.
    public init(parsing text: String) throws(NormalizerError) {
        let parsed = try ChainParser.parse(text)
        var steps: [any Normalizer] = []
        var references: [ValueReference] = []
        for step in parsed {
            steps.append(try NormalizerCatalog.make(step))
            for argument in step.arguments {
                if case .reference(let reference) = argument.value, !references.contains(reference) {
                    references.append(reference)
                }
            }
        }
        self.steps = steps
        self.references = references
        names = parsed.map(\.name)
    }

    /// Runs the chain over a field's raw values (already string values of XPath results). A step may turn one value into several (split, polyline) or drop it (regex without match). Throws when a value cannot be normalized (e.g. `int: "abc" is not a whole number`).
    public func apply(_ values: [String], in context: some NormalizerContext) throws(NormalizerError) -> [String] {
        try self.values(values, in: context).map(\.text)
    }

    /// Runs the chain as `apply` does, the last step keeping a typed value where it makes one
    /// (the date-time of `time` and `datetime`).
    public func values(_ values: [String], in context: some NormalizerContext) throws(NormalizerError) -> [FieldValue] {
        guard let last = steps.last else { return values.map(FieldValue.text) }
        // Most fields are one value through one step: its result is the field's.
        if steps.count == 1, values.count == 1 { return try last.values(values[0], in: context) }
        var current = values
        for step in steps.dropLast() {
            var next: [String] = []
            next.reserveCapacity(current.count)
            for value in current {
                next.append(contentsOf: try step.normalize(value, in: context))
            }
            current = next
        }
        var typed: [FieldValue] = []
        typed.reserveCapacity(current.count)
        for value in current {
            typed.append(contentsOf: try last.values(value, in: context))
        }
        return typed
    }
}
