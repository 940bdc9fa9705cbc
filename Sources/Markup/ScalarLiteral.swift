/// A type that Swift's string, integer, float and boolean literals make, each through the
/// matching ``Node/Value``: so `"IC"`, `3`, `1.5` and `true` mean the same in a node and in a
/// ``JSONValue``.
public protocol ScalarLiteral: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral
{
    /// The value a literal stands for.
    init(scalar: Node.Value)
}

extension ScalarLiteral {
    /// Creates a string value from a literal.
    public init(stringLiteral value: String) { self.init(scalar: .string(value)) }

    /// Creates an integer value from a literal.
    public init(integerLiteral value: Int) { self.init(scalar: .int(value)) }

    /// Creates a floating-point value from a literal.
    public init(floatLiteral value: Double) { self.init(scalar: .double(value)) }

    /// Creates a boolean value from a literal.
    public init(booleanLiteral value: Bool) { self.init(scalar: .bool(value)) }
}
