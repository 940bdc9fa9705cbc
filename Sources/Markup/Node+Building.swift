extension Node {
    /// Creates a text-only leaf element.
    public static func leaf(_ name: String, attributes: [Attribute] = [], _ value: Value) -> Node {
        Node(name: name, attributes: attributes, content: .value(value))
    }

    /// Creates a string leaf element.
    public static func leaf(_ name: String, attributes: [Attribute] = [], _ value: String) -> Node {
        leaf(name, attributes: attributes, .string(value))
    }

    /// Creates an integer leaf element.
    public static func leaf(_ name: String, attributes: [Attribute] = [], _ value: Int) -> Node {
        leaf(name, attributes: attributes, .int(value))
    }

    /// Creates a floating-point leaf element.
    public static func leaf(_ name: String, attributes: [Attribute] = [], _ value: Double) -> Node {
        leaf(name, attributes: attributes, .double(value))
    }

    /// Creates a boolean leaf element.
    public static func leaf(_ name: String, attributes: [Attribute] = [], _ value: Bool) -> Node {
        leaf(name, attributes: attributes, .bool(value))
    }

    /// Creates an element with distinct named children, which renders as a JSON object.
    public static func element(_ name: String, attributes: [Attribute] = [], _ children: [Node]) -> Node {
        Node(name: name, attributes: attributes, content: .children(children))
    }

    /// Creates an element with distinct named children, leaving out the nil ones.
    ///
    /// Pair it with the optional leaf builders so that absent fields vanish:
    /// `.element("stop", [.leaf("name", name), .leaf("platform", platform)])`.
    public static func element(_ name: String, attributes: [Attribute] = [], _ children: [Node?]) -> Node {
        element(name, attributes: attributes, children.compactMap { $0 })
    }

    /// Creates an element of repeated items, which renders as a JSON array.
    public static func list(_ name: String, attributes: [Attribute] = [], _ items: [Node]) -> Node {
        Node(name: name, attributes: attributes, content: .list(items))
    }
}
