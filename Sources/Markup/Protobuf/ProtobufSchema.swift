/// The messages of a protobuf schema, written out in Swift from a specification: each field's
/// number, name and type, and each enumeration's names, so that a decoder can name what it reads.
///
/// Messages refer to each other by name; the schema resolves the names once, when it is made.
///
/// ```swift
/// let schema = ProtobufSchema(root: "TimeRange", messages: [
///     .init("TimeRange", [.init(1, "start", .uint64), .init(2, "end", .uint64)]),
/// ])
/// ```
public struct ProtobufSchema: Sendable {
    /// A field's type, as the wire format and the text of its value need it.
    public enum FieldType: Sendable, Equatable {
        case int32, int64, uint32, uint64, sint32, sint64, bool
        case fixed32, sfixed32, float
        case fixed64, sfixed64, double
        case string, bytes
        /// An enumeration, by name; a number the enumeration lacks is written as the number.
        case enumeration(String)
        /// A nested message, by name.
        case message(String)

        /// The wire type a single value of this type arrives with (0 varint, 1 64-bit, 2 length-delimited, 5 32-bit).
        var wireType: UInt8 {
            switch self {
            case .int32, .int64, .uint32, .uint64, .sint32, .sint64, .bool, .enumeration: 0
            case .fixed64, .sfixed64, .double: 1
            case .string, .bytes, .message: 2
            case .fixed32, .sfixed32, .float: 5
            }
        }
    }

    /// One field of a message.
    public struct Field: Sendable {
        public let number: UInt32
        public let name: String
        public let type: FieldType

        /// A field; repeated or not makes no difference to a decoder that writes one element per value.
        public init(_ number: UInt32, _ name: String, _ type: FieldType) {
            self.number = number
            self.name = name
            self.type = type
        }
    }

    /// One message type.
    public struct Message: Sendable {
        public let name: String
        public let fields: [Field]

        /// A message and its fields.
        public init(_ name: String, _ fields: [Field]) {
            self.name = name
            self.fields = fields
        }
    }

    /// One enumeration: its values' names by number.
    public struct Enumeration: Sendable {
        public let name: String
        public let values: [Int64: String]

        /// An enumeration from its values' names and numbers.
        public init(_ name: String, _ values: KeyValuePairs<String, Int64>) {
            self.name = name
            self.values = Dictionary(values.map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first })
        }
    }

    /// A field resolved against the schema: its message or enumeration by index.
    struct ResolvedField: Sendable {
        let name: String
        let type: FieldType
        /// The nested message's index in `messages`, for a message field.
        let message: Int?
        /// The enumeration's index in `enumerations`, for an enumeration field.
        let enumeration: Int?
    }

    /// A message's fields by number.
    struct ResolvedMessage: Sendable {
        let name: String
        /// Small field numbers (the common case) by index; the others in `others`.
        let direct: [ResolvedField?]
        let others: [UInt32: ResolvedField]

        func field(_ number: UInt32) -> ResolvedField? {
            number < direct.count ? direct[Int(number)] : others[number]
        }
    }

    /// The name of the root element: the root message's.
    public let rootName: String
    let messages: [ResolvedMessage]
    let enumerations: [Enumeration]
    /// The root message's index in `messages`.
    let root: Int

    /// A schema from its messages and enumerations, rooted at the message `root`. A name that
    /// refers to no message or enumeration of the schema is a programming error and traps.
    public init(root: String, messages: [Message], enumerations: [Enumeration] = []) {
        let messageIndex = Dictionary(messages.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        let enumerationIndex = Dictionary(enumerations.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.messages = messages.map { message in
            var direct: [ResolvedField?] = Array(repeating: nil, count: 32)
            var others: [UInt32: ResolvedField] = [:]
            for field in message.fields {
                var nested: Int?, enumeration: Int?
                switch field.type {
                case .message(let name):
                    guard let index = messageIndex[name] else { preconditionFailure("\(message.name).\(field.name): no message \(name)") }
                    nested = index
                case .enumeration(let name):
                    guard let index = enumerationIndex[name] else { preconditionFailure("\(message.name).\(field.name): no enumeration \(name)") }
                    enumeration = index
                default: break
                }
                let resolved = ResolvedField(name: field.name, type: field.type, message: nested, enumeration: enumeration)
                if field.number < direct.count { direct[Int(field.number)] = resolved } else { others[field.number] = resolved }
            }
            return ResolvedMessage(name: message.name, direct: direct, others: others)
        }
        self.enumerations = enumerations
        guard let rootIndex = messageIndex[root] else { preconditionFailure("no root message \(root)") }
        self.root = rootIndex
        rootName = root
    }
}
