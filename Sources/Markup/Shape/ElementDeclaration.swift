/// One element of a document as its schemas see it: its name, how often it occurs, and what it
/// holds. ``Shape`` and ``Member`` make these; the XML Schema and JSON Schema writers read them.
public struct ElementDeclaration: Sendable, Equatable {
    /// The element name.
    public var name: String
    /// Whether the element may be absent (`minOccurs="0"`; not `required` in JSON).
    public var isOptional: Bool
    /// Whether it repeats (`maxOccurs="unbounded"`): the items of a list.
    public var isRepeated: Bool
    /// What it holds.
    public var content: ContentDeclaration
    /// One line for readers of the schemas.
    public var summary: String?

    /// Creates a declaration.
    public init(name: String, isOptional: Bool = false, isRepeated: Bool = false, content: ContentDeclaration, summary: String? = nil) {
        self.name = name
        self.isOptional = isOptional
        self.isRepeated = isRepeated
        self.content = content
        self.summary = summary
    }
}

/// What an element holds, mirroring ``Node/Content``.
public indirect enum ContentDeclaration: Sendable, Equatable {
    /// Text of a type: XML text, a typed JSON value.
    case text(TextDeclaration)
    /// Distinct named children: a sequence (or, unordered, an `xs:all`), a JSON object.
    case children(ComplexDeclaration)
    /// Repeated items of one element: XML child elements, a JSON array of their contents.
    case list(ElementDeclaration)
}

/// The children an element holds, in order unless said otherwise.
public struct ComplexDeclaration: Sendable, Equatable {
    /// The XML Schema type name when the content is a named complex type (`Link`), else nil.
    public var name: String?
    /// The children, in document order.
    public var members: [ElementDeclaration]
    /// Whether the children come in the declared order (`xs:sequence`) or in any (`xs:all`).
    public var isOrdered: Bool
    /// One line for readers of the schemas.
    public var summary: String?

    /// Creates a declaration.
    public init(name: String?, members: [ElementDeclaration], isOrdered: Bool = true, summary: String? = nil) {
        self.name = name
        self.members = members
        self.isOrdered = isOrdered
        self.summary = summary
    }
}
