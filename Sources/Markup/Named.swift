/// A value under a name, in the order a document writes it: an element's attribute
/// (``Node/Attribute``) or a JSON object's member (``JSONValue/Member``).
public struct Named<Value> {
    /// The name: an XML name for an attribute, which debug builds check when rendering; any key for a member.
    public var name: String

    /// The value.
    public var value: Value

    /// Creates a named value.
    public init(_ name: String, _ value: Value) {
        self.name = name
        self.value = value
    }
}

extension Named: Sendable where Value: Sendable {}

extension Named: Equatable where Value: Equatable {}
