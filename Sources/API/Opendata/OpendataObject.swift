import Markup

/// One object of transport.opendata.ch's v1 JSON, declared once: its members in the original's
/// order, each with its JSON Schema and how it is read from a value. The writer (`json(_:)`) and
/// the OpenAPI schema (`schema`) both come from the declaration.
///
/// ```swift
/// static let walk = OpendataObject<Int>("OpendataWalk", "A walk between two sections.", [
///     .integer("duration", "Seconds.") { $0 },
/// ])
/// walk.json(300)   // {"duration":300}
/// ```
///
/// Every member is always written, `null` when it has no value, as the original writes every
/// property of its entity classes: its clients read keys without checking for them.
struct OpendataObject<Value>: Sendable {
    /// One member: its key, its schema, and its value read from the object's value.
    struct Member: Sendable {
        let key: String
        let schema: JSONValue
        let value: @Sendable (Value) -> JSONValue

        /// A text, or null.
        static func string(_ key: String, _ doc: String, nullable: Bool = true, _ read: @escaping @Sendable (Value) -> String?) -> Member {
            Member(key: key, schema: scalar("string", doc, nullable: nullable)) { read($0).map(JSONValue.string) ?? .null }
        }

        /// A whole number, or null.
        static func integer(_ key: String, _ doc: String, _ read: @escaping @Sendable (Value) -> Int?) -> Member {
            Member(key: key, schema: scalar("integer", doc, nullable: true)) { read($0).map(JSONValue.int) ?? .null }
        }

        /// A number, or null.
        static func number(_ key: String, _ doc: String, _ read: @escaping @Sendable (Value) -> Double?) -> Member {
            Member(key: key, schema: scalar("number", doc, nullable: true)) { read($0).map(JSONValue.double) ?? .null }
        }

        /// A list of texts.
        static func strings(_ key: String, _ doc: String, _ read: @escaping @Sendable (Value) -> [String]) -> Member {
            Member(key: key, schema: ["type": "array", "description": .string(doc), "items": ["type": "string"]]) {
                .array(read($0).map(JSONValue.string))
            }
        }

        /// An object, or null where `nullable`.
        static func object<Inner>(
            _ key: String, _ object: OpendataObject<Inner>, nullable: Bool = false, _ read: @escaping @Sendable (Value) -> Inner?
        ) -> Member {
            let schema: JSONValue = nullable ? ["anyOf": [object.reference, ["type": "null"]]] : object.reference
            return Member(key: key, schema: schema) { read($0).map(object.json) ?? .null }
        }

        /// A list of objects.
        static func list<Inner>(_ key: String, _ object: OpendataObject<Inner>, _ read: @escaping @Sendable (Value) -> [Inner]) -> Member {
            Member(key: key, schema: ["type": "array", "items": object.reference]) { .array(read($0).map(object.json)) }
        }

        /// The same member read from a value that holds this one.
        func reading<Outer>(_ part: @escaping @Sendable (Outer) -> Value) -> OpendataObject<Outer>.Member {
            let value = self.value
            return OpendataObject<Outer>.Member(key: key, schema: schema) { value(part($0)) }
        }

        private static func scalar(_ type: String, _ doc: String, nullable: Bool) -> JSONValue {
            ["type": nullable ? [.string(type), "null"] : .string(type), "description": .string(doc)]
        }
    }

    /// The name of its schema in the OpenAPI components.
    let name: String
    /// One line for the schema.
    let summary: String
    let members: [Member]

    init(_ name: String, _ summary: String, _ members: [Member]) {
        self.name = name
        self.summary = summary
        self.members = members
    }

    /// The value as the original writes it: every member, in order.
    func json(_ value: Value) -> JSONValue {
        .object(members.map { JSONValue.Member($0.key, $0.value(value)) })
    }

    /// Its JSON Schema. Members are not `required`, because `fields[]` may leave any of them out;
    /// without it every one is present.
    var schema: JSONValue {
        [
            "type": "object",
            "description": .string(summary + " Every property is present, null when unknown, unless `fields[]` leaves it out."),
            "properties": .object(members.map { JSONValue.Member($0.key, $0.schema) }),
        ]
    }

    /// A reference to its schema in the OpenAPI components.
    var reference: JSONValue {
        ["$ref": .string("#/components/schemas/\(name)")]
    }
}
