/// An element of a response document, rendered as XML by ``XMLRenderer`` or JSON by ``JSONRenderer``.
///
/// One tree serves both encodings, so its shape is what a SAX client sees in XML and what a JSON
/// client sees after the root is wrapped in an object:
///
/// ```swift
/// let schedule = Node.element("schedule", [
///     .leaf("departure", "2016-12-23T08:02:00+01:00"),
///     .leaf("delay", delay),                      // an `Int?`: vanishes when nil
///     .list("products", [.leaf("product", "IC"), .leaf("product", "S")]),
/// ])
/// // XML:  <schedule><departure>2016-12-23T08:02:00+01:00</departure><delay>3</delay>
/// //       <products><product>IC</product><product>S</product></products></schedule>
/// // JSON: {"schedule":{"departure":"2016-12-23T08:02:00+01:00","delay":3,"products":["IC","S"]}}
/// ```
public struct Node: Sendable, Equatable {
    /// The element name; it must be an XML name, which debug builds check when rendering.
    public var name: String

    /// The element's attributes in document order.
    public var attributes: [Attribute]

    /// What the element holds: text, named children or repeated items.
    public var content: Content

    /// Creates an element from its parts; the static builders are usually more convenient.
    public init(name: String, attributes: [Attribute] = [], content: Content) {
        self.name = name
        self.attributes = attributes
        self.content = content
    }
}

extension Node {
    /// What an element holds, which decides its JSON shape.
    public enum Content: Sendable, Equatable {
        /// A text-only leaf: XML text, a typed JSON value.
        case value(Value)

        /// Distinct named children: XML child elements, a JSON object keyed by their names.
        case children([Node])

        /// Repeated items: XML child elements keeping their names, a JSON array without them.
        case list([Node])
    }
}
