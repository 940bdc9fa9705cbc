/// What an element holds, declared once: the children (or text, or items) with their names,
/// text types, occurrence and order, together with how each is read from a `Value`.
///
/// From one shape come the element's ``Node`` for a value (and so its XML and JSON), its XML
/// Schema and its JSON Schema, so a field cannot reach one of them and miss the others:
///
/// ```swift
/// static let shape = Shape<Part>.children("Part", [
///     .leaf("departure", .time) { $0.departure },
///     .optional("delay", .integer, summary: "Minutes late.") { $0.delay },
///     .flag("cancelled") { $0.cancelled },
/// ])
/// shape.node("part", part)   // <part><departure>…</departure><cancelled>true</cancelled></part>
/// ```
///
/// Building a node runs one closure per declared member; nothing is looked up by name.
public struct Shape<Value>: Sendable {
    /// What the element holds, for the schemas.
    public let declaration: ContentDeclaration
    /// The element's content for a value.
    @usableFromInline let content: @Sendable (Value) -> Node.Content
    /// The members of a `children` shape, which ``Member/fields(_:_:)`` splices into another.
    @usableFromInline let members: [Member<Value>]

    @usableFromInline init(declaration: ContentDeclaration, members: [Member<Value>] = [], content: @escaping @Sendable (Value) -> Node.Content) {
        self.declaration = declaration
        self.members = members
        self.content = content
    }

    /// The element `name` holding `value`.
    @inlinable public func node(_ name: String, _ value: Value) -> Node {
        Node(name: name, content: content(value))
    }

    /// The declaration of an element `name` with this content.
    public func element(_ name: String, summary: String? = nil) -> ElementDeclaration {
        ElementDeclaration(name: name, content: declaration, summary: summary)
    }
}

extension Shape {
    /// Distinct named children in the declared order (`xs:sequence`, a JSON object); `name` names
    /// the XML Schema type when the shape is used in several places.
    @inlinable public static func children(_ name: String?, summary: String? = nil, _ members: [Member<Value>]) -> Shape {
        let count = members.reduce(0) { $0 + $1.declarations.count }
        // Only the closures: walking the members would retain each one's declarations too.
        let appends = members.map(\.append)
        return Shape(
            declaration: .children(ComplexDeclaration(name: name, members: members.flatMap(\.declarations), summary: summary)),
            members: members
        ) { value in
            var children: [Node] = []
            children.reserveCapacity(count)
            for append in appends {
                append(value, &children)
            }
            return .children(children)
        }
    }

    /// Distinct named children in any order (`xs:all`, a JSON object): each value picks one of
    /// `orders`, lists of member names, and its node holds those members in that order.
    ///
    /// A member some order leaves out is optional in the schemas.
    @inlinable public static func unordered(
        _ name: String, summary: String? = nil, _ members: [Member<Value>], orders: [[String]],
        order: @escaping @Sendable (Value) -> Int
    ) -> Shape {
        precondition(members.allSatisfy { $0.declarations.count == 1 }, "an unordered shape's members are single elements")
        let names = members.map { $0.declarations[0].name }
        let arrangements = orders.map { order in
            order.map { member in
                guard let index = names.firstIndex(of: member) else { preconditionFailure("\(name) has no member \(member)") }
                return members[index]
            }
        }
        let declarations = members.map { member in
            var declaration = member.declarations[0]
            declaration.isOptional = declaration.isOptional || orders.contains { !$0.contains(declaration.name) }
            return declaration
        }
        return Shape(
            declaration: .children(ComplexDeclaration(name: name, members: declarations, isOrdered: false, summary: summary)),
            members: members
        ) { value in
            let arrangement = arrangements[order(value)]
            var children: [Node] = []
            children.reserveCapacity(arrangement.count)
            for member in arrangement {
                member.append(value, &children)
            }
            return .children(children)
        }
    }

    /// Repeated `item` elements of `shape`, one per element of `read(value)` (`xs:sequence` of
    /// an unbounded element, a JSON array): a document whose root is a list.
    @inlinable public static func list<Item>(
        _ item: String, _ shape: Shape<Item>, summary: String? = nil, _ read: @escaping @Sendable (Value) -> [Item]
    ) -> Shape {
        let itemDeclaration = ElementDeclaration(name: item, isOptional: true, isRepeated: true, content: shape.declaration, summary: summary)
        let content = shape.content
        return Shape(declaration: .list(itemDeclaration)) { value in
            .list(read(value).map { Node(name: item, content: content($0)) })
        }
    }
}

extension Shape where Value: LeafValue {
    /// Text of `type`: the items of a list of words, such as a link's `products/product`.
    @inlinable public static func text(_ type: TextType<Value>) -> Shape {
        Shape(declaration: .text(type.declaration)) { .value($0.leafValue) }
    }
}
