extension Node {
    /// The typed text of a leaf element: plain text in XML, a typed value in JSON.
    ///
    /// Literals convert directly, so a `Value` parameter accepts `3`, `"IC"`, `1.5` or `true`.
    public enum Value: Sendable, Equatable {
        /// Text, rendered as a JSON string.
        case string(String)

        /// An integer, rendered in plain decimal.
        case int(Int)

        /// A floating-point number in its shortest round-trip form, always with a fraction or an
        /// exponent (`1.0`, `1e+21`); non-finite values render as JSON `null` and empty XML.
        case double(Double)

        /// A boolean, rendered as `true` or `false`.
        case bool(Bool)
    }
}

extension Node.Value: ScalarLiteral {
    /// The value itself.
    public init(scalar: Node.Value) { self = scalar }
}
