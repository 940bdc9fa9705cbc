/// A JSON value with object members in the order they were written: for documents that are not
/// a ``Node`` tree's mirror, such as the OpenAPI description and the JSON Schemas in it.
///
/// ```swift
/// let schema: JSONValue = ["type": "object", "required": ["code"], "properties": ["code": ["type": "string"]]]
/// JSONValue.render(schema)   // {"type":"object","required":["code"],"properties":{"code":{"type":"string"}}}
/// ```
public indirect enum JSONValue: Sendable, Equatable {
    case object([Member])
    case array([JSONValue])
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case null

    /// One member of an object: its key (``Named/name``) and value.
    public typealias Member = Named<JSONValue>

    /// The value of `key` in an object, or nil (also for any other kind of value).
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.name == key }?.value
    }

    /// Renders the value as UTF-8 JSON; `pretty` indents by two spaces and ends with a newline.
    public static func render(_ value: JSONValue, pretty: Bool = false) -> [UInt8] {
        var writer = JSONWriter(pretty: pretty)
        writer.writeJSON(value, depth: 0)
        if pretty {
            writer.bytes.append(UInt8(ascii: "\n"))
        }
        return writer.bytes.finish()
    }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
    /// An object whose members keep the literal's order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(elements.map { Member($0.0, $0.1) })
    }
}

extension JSONValue: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}

extension JSONValue: ScalarLiteral {
    /// The JSON scalar of the same type.
    public init(scalar: Node.Value) {
        switch scalar {
        case .string(let string): self = .string(string)
        case .int(let int): self = .int(int)
        case .double(let double): self = .double(double)
        case .bool(let bool): self = .bool(bool)
        }
    }
}

extension JSONWriter {
    mutating func writeJSON(_ value: JSONValue, depth: Int) {
        switch value {
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            for (offset, member) in members.enumerated() {
                writeKey(member.name, isFirst: offset == 0, depth: depth + 1)
                writeJSON(member.value, depth: depth + 1)
            }
            close("}", isEmpty: members.isEmpty, depth: depth)
        case .array(let items):
            bytes.append(UInt8(ascii: "["))
            for (offset, item) in items.enumerated() {
                writeSeparator(isFirst: offset == 0, depth: depth + 1)
                writeJSON(item, depth: depth + 1)
            }
            close("]", isEmpty: items.isEmpty, depth: depth)
        case .string(let string):
            writeValue(.string(string))
        case .int(let int):
            writeValue(.int(int))
        case .double(let double):
            writeValue(.double(double))
        case .bool(let bool):
            writeValue(.bool(bool))
        case .null:
            bytes.append("null")
        }
    }
}
