// Overloads rather than a new label: Swift prefers the non-optional builder whenever the argument
// is non-optional, so `.leaf("delay", delay)` reads the same whether or not `delay` can be nil.
extension Node {
    /// Creates a text-only leaf element, or nil when the value is nil.
    public static func leaf(_ name: String, attributes: [Attribute] = [], _ value: Value?) -> Node? {
        value.map { leaf(name, attributes: attributes, $0) }
    }

    /// Creates a string leaf element, or nil when the value is nil.
    public static func leaf(_ name: String, attributes: [Attribute] = [], _ value: String?) -> Node? {
        value.map { leaf(name, attributes: attributes, .string($0)) }
    }

    /// Creates an integer leaf element, or nil when the value is nil.
    public static func leaf(_ name: String, attributes: [Attribute] = [], _ value: Int?) -> Node? {
        value.map { leaf(name, attributes: attributes, .int($0)) }
    }

    /// Creates a floating-point leaf element, or nil when the value is nil.
    public static func leaf(_ name: String, attributes: [Attribute] = [], _ value: Double?) -> Node? {
        value.map { leaf(name, attributes: attributes, .double($0)) }
    }

    /// Creates a boolean leaf element, or nil when the value is nil.
    public static func leaf(_ name: String, attributes: [Attribute] = [], _ value: Bool?) -> Node? {
        value.map { leaf(name, attributes: attributes, .bool($0)) }
    }
}
