extension RouteParameter {
    /// What a request gives one route parameter: one value, or the values of a repeatable
    /// parameter, each written by the request template's `{#name}…{/name}` section.
    ///
    /// ```swift
    /// let request = try route.upstreamRequest(["from": "Bern", "to": "Zürich HB", "via": .list(["Olten", "Aarau"])])
    /// ```
    ///
    /// The values travel as they are from the caller to the template: nothing is joined and split again.
    public enum Value: Sendable, Hashable, ExpressibleByStringLiteral {
        /// A single value.
        case one(String)
        /// The values of a repeatable parameter, in order; an empty one is left out.
        case list([String])

        /// A single value written as a literal.
        public init(stringLiteral value: String) {
            self = .one(value)
        }

        /// Its values, in order.
        public var values: [String] {
            switch self {
            case .one(let value): [value]
            case .list(let values): values
            }
        }

        /// The value when it is a single one; nil for a list.
        public var single: String? {
            if case .one(let value) = self { return value }
            return nil
        }
    }
}

extension Dictionary where Key == String, Value == RouteParameter.Value {
    /// Parameters that each take one value.
    public init(singleValues: [String: String]) {
        self = singleValues.mapValues(RouteParameter.Value.one)
    }

    /// The parameters that have one value, as the extractor reads them (a list is never a record's field).
    public var singleValues: [String: String] {
        compactMapValues(\.single)
    }
}
