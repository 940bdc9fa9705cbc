/// One declared child (or a group of them) of a ``Shape``: its element declaration and how its
/// node is read from the parent's value.
public struct Member<Value>: Sendable {
    /// The elements the member contributes, in order: one, or a spliced shape's.
    public let declarations: [ElementDeclaration]
    /// Appends the member's nodes for a value; nothing when it is absent.
    @usableFromInline let append: @Sendable (Value, inout [Node]) -> Void

    @usableFromInline init(declarations: [ElementDeclaration], append: @escaping @Sendable (Value, inout [Node]) -> Void) {
        self.declarations = declarations
        self.append = append
    }
}

extension Member {
    /// A leaf that is always there.
    @inlinable public static func leaf<Text>(
        _ name: String, _ type: TextType<Text>, summary: String? = nil, _ read: @escaping @Sendable (Value) -> Text
    ) -> Member {
        Member(declarations: [ElementDeclaration(name: name, content: .text(type.declaration), summary: summary)]) { value, nodes in
            nodes.append(Node(name: name, content: .value(read(value).leafValue)))
        }
    }

    /// A leaf that is left out when the value is nil.
    @inlinable public static func optional<Text>(
        _ name: String, _ type: TextType<Text>, summary: String? = nil, _ read: @escaping @Sendable (Value) -> Text?
    ) -> Member {
        Member(declarations: [ElementDeclaration(name: name, isOptional: true, content: .text(type.declaration), summary: summary)]) {
            value, nodes in
            if let text = read(value) {
                nodes.append(Node(name: name, content: .value(text.leafValue)))
            }
        }
    }

    /// A boolean leaf written only when true, as `<name>true</name>`.
    @inlinable public static func flag(_ name: String, summary: String? = nil, _ read: @escaping @Sendable (Value) -> Bool) -> Member {
        Member(declarations: [ElementDeclaration(name: name, isOptional: true, content: .text(TextType<Bool>.boolean.declaration), summary: summary)]) {
            value, nodes in
            if read(value) {
                nodes.append(Node(name: name, content: .value(.bool(true))))
            }
        }
    }

    /// A child element of `shape` that is always there.
    @inlinable public static func element<Child>(
        _ name: String, _ shape: Shape<Child>, summary: String? = nil, _ read: @escaping @Sendable (Value) -> Child
    ) -> Member {
        let content = shape.content
        return Member(declarations: [ElementDeclaration(name: name, content: shape.declaration, summary: summary)]) { value, nodes in
            nodes.append(Node(name: name, content: content(read(value))))
        }
    }

    /// A child element of `shape` that is left out when the value is nil.
    @inlinable public static func optionalElement<Child>(
        _ name: String, _ shape: Shape<Child>, summary: String? = nil, _ read: @escaping @Sendable (Value) -> Child?
    ) -> Member {
        let content = shape.content
        return Member(declarations: [ElementDeclaration(name: name, isOptional: true, content: shape.declaration, summary: summary)]) {
            value, nodes in
            if let child = read(value) {
                nodes.append(Node(name: name, content: content(child)))
            }
        }
    }

    /// What a list does when it has no items.
    public enum EmptyList: Sendable {
        /// It is written empty (`<links/>`, `[]`): the list is always there.
        case written
        /// It is left out: the list is optional, and has at least one item when there.
        case leftOut
    }

    /// A list `name` of `item` elements of `shape`, one per element of `read(value)`.
    @inlinable public static func list<Item>(
        _ name: String, _ item: String, _ shape: Shape<Item>, summary: String? = nil, whenEmpty: EmptyList = .written,
        _ read: @escaping @Sendable (Value) -> [Item]
    ) -> Member {
        let content = shape.content
        let itemDeclaration = ElementDeclaration(name: item, isOptional: whenEmpty == .written, isRepeated: true, content: shape.declaration)
        let declaration = ElementDeclaration(name: name, isOptional: whenEmpty == .leftOut, content: .list(itemDeclaration), summary: summary)
        return Member(declarations: [declaration]) { value, nodes in
            let items = read(value)
            guard !items.isEmpty || whenEmpty == .written else { return }
            nodes.append(Node(name: name, content: .list(items.map { Node(name: item, content: content($0)) })))
        }
    }

    /// Every member of a `children` shape, spliced in here: the fields several elements share,
    /// such as a place's, read once from the value.
    @inlinable public static func fields<Part>(_ shape: Shape<Part>, _ read: @escaping @Sendable (Value) -> Part) -> Member {
        precondition(!shape.members.isEmpty, "only a shape with children has fields to splice")
        let appends = shape.members.map(\.append)
        return Member(declarations: shape.members.flatMap(\.declarations)) { value, nodes in
            let part = read(value)
            for append in appends {
                append(part, &nodes)
            }
        }
    }
}
