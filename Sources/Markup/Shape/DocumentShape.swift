/// A published document declared once: its root element's name and ``Shape``.
///
/// ```swift
/// public static let document = DocumentShape<Schedules>("schedules", .list("schedule", Schedule.shape) { $0.schedules })
/// Schedules.document.node(schedules)      // the Node the XML and JSON writers render
/// Schedules.document.declaration          // what XMLSchema.document(…) writes as a global element
/// Schedules.document.jsonSchema()         // the JSON Schema of the JSON mirror
/// ```
public struct DocumentShape<Value>: Sendable {
    /// The root element's name.
    public let name: String
    /// What the root holds.
    public let shape: Shape<Value>
    /// One line for readers of the schemas.
    public let summary: String?

    /// Declares a document.
    public init(_ name: String, summary: String? = nil, _ shape: Shape<Value>) {
        self.name = name
        self.shape = shape
        self.summary = summary
    }

    /// The document's root node for a value.
    @inlinable public func node(_ value: Value) -> Node {
        Node(name: name, content: shape.content(value))
    }

    /// The root element's declaration.
    public var declaration: ElementDeclaration {
        shape.element(name, summary: summary)
    }

    /// The JSON Schema (2020-12) of the document's JSON rendering, `{"<root>": …}`.
    public func jsonSchema() -> JSONValue {
        declaration.documentJSONSchema()
    }
}
