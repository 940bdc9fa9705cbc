internal import CLibXML2

/// Builds a libxml2 tree from a protobuf message and the schema that names its fields, so that
/// routes query a binary feed with the same XPath as XML and JSON.
///
/// The mapping, for a GTFS-Realtime `FeedMessage`:
///
/// ```xml
/// <FeedMessage>
///   <header><gtfs_realtime_version>2.0</gtfs_realtime_version><timestamp>1483033164</timestamp></header>
///   <entity><id>19DC11</id><trip_update><trip><trip_id>19DC11</trip_id></trip>
///     <stop_time_update><stop_sequence>1</stop_sequence><departure><delay>0</delay></departure></stop_time_update>
///   </trip_update></entity>
/// </FeedMessage>
/// ```
///
/// - the root element is the root message; a field is an element named as the schema names it,
///   in the order the bytes hold them, a repeated field once per value (packed or not);
/// - integers are written in decimal as their type reads them (an `int32` of -1 sent as ten
///   bytes is `-1`), `bool` as `true`/`false`, floats as the shortest text that reads back the
///   same value, an enumeration as its value's name (a number it lacks as the number), `bytes`
///   in lowercase hexadecimal, strings as UTF-8 with invalid sequences repaired (U+FFFD);
/// - a field that is absent has no element: a client applies the schema's defaults;
/// - a field the schema lacks (an extension such as NYCT's 1001, a newer field) or that arrives
///   with another wire type is skipped, as protobuf decoders do with unknown fields.
///
/// Malformed input (a length past the end, a varint longer than ten bytes, wire types 6 and 7, a
/// group left open, field number 0) fails with the byte offset; nesting is bounded like any
/// document's.
struct ProtobufDocumentBuilder: ~Copyable {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    private let schema: ProtobufSchema
    private let maxDepth: Int
    private let document: xmlDocPtr
    private let names: xmlDictPtr
    /// The elements' names, interned once each, by message and field number.
    private var interned: [Int: UnsafePointer<xmlChar>] = [:]

    private init(bytes: UnsafeBufferPointer<UInt8>, schema: ProtobufSchema, maxDepth: Int, document: xmlDocPtr, names: xmlDictPtr) {
        self.bytes = bytes
        self.schema = schema
        self.maxDepth = maxDepth
        self.document = document
        self.names = names
    }

    static func build(
        _ input: [UInt8], schema: ProtobufSchema, format: DocumentFormat, options: ParseOptions, arena: DocumentArena?
    ) throws(DocumentError) -> Document {
        let tree = { () throws(DocumentError) -> xmlDocPtr in try buildTree(input, schema: schema, options: options) }
        let document = if let arena { try arena.run(tree) } else { try tree() }
        return Document(pointer: document, format: format, encoding: "UTF-8", diagnostics: ParseDiagnostics(), limits: options.limits, arena: arena)
    }

    /// The tree of a message; nothing is left allocated when it throws.
    private static func buildTree(_ input: [UInt8], schema: ProtobufSchema, options: ParseOptions) throws(DocumentError) -> xmlDocPtr {
        guard let (document, names, root) = TreeAssembly.document(root: schema.rootName) else {
            throw DocumentError(.malformed, "libxml2 could not allocate a document.")
        }
        let built = input.withUnsafeBufferPointer { buffer in
            Result { () throws(DocumentError) in
                var builder = ProtobufDocumentBuilder(bytes: buffer, schema: schema, maxDepth: options.limits.maxDepth, document: document, names: names)
                try builder.readMessage(schema.root, into: root, end: buffer.count, depth: 1)
            }
        }
        do {
            try built.get()
        } catch {
            xmlFreeDoc(document)
            throw error
        }
        return document
    }

    /// Reads the fields of message `index` up to `end`, each into a child of `element`.
    private mutating func readMessage(_ index: Int, into element: xmlNodePtr, end: Int, depth: Int) throws(DocumentError) {
        guard depth <= maxDepth else { throw DocumentError(.tooDeep, "Protobuf messages nest deeper than \(maxDepth) levels.") }
        let message = schema.messages[index]
        while position < end {
            let start = position
            let tag = try varint(end: end)
            let (number, wireType) = try Self.split(tag, at: start)
            guard let field = message.field(number) else {
                try skip(wireType, number: number, end: end, depth: depth)
                continue
            }
            let expected = field.type.wireType
            if wireType == expected {
                try readValue(field, number: number, message: index, into: element, end: end, depth: depth)
            } else if wireType == 2, expected != 2 {
                // A packed repeated scalar: one length, then the values back to back.
                let packedEnd = try lengthDelimited(end: end)
                while position < packedEnd {
                    try readValue(field, number: number, message: index, into: element, end: packedEnd, depth: depth)
                }
            } else {
                try skip(wireType, number: number, end: end, depth: depth)
            }
        }
        guard position == end else { throw failure("a value runs past the end of its message") }
    }

    /// A tag's field number and wire type.
    private static func split(_ tag: UInt64, at offset: Int) throws(DocumentError) -> (UInt32, UInt8) {
        let number = tag >> 3
        guard number != 0, number <= 0x1FFF_FFFF else {
            throw DocumentError(.malformed, "Not a protobuf message: field number \(number) at byte \(offset).")
        }
        return (UInt32(number), UInt8(tag & 7))
    }

    private mutating func readValue(
        _ field: ProtobufSchema.ResolvedField, number: UInt32, message: Int, into parent: xmlNodePtr, end: Int, depth: Int
    ) throws(DocumentError) {
        let element = try child(field, number: number, message: message, of: parent)
        switch field.type {
        case .message:
            let nestedEnd = try lengthDelimited(end: end)
            try readMessage(field.message ?? 0, into: element, end: nestedEnd, depth: depth + 1)
        case .string:
            let valueEnd = try lengthDelimited(end: end)
            try text(UnsafeBufferPointer(rebasing: bytes[position..<valueEnd]), to: element, checked: false)
            position = valueEnd
        case .bytes:
            let valueEnd = try lengthDelimited(end: end)
            let hex = Self.hex(bytes[position..<valueEnd])
            position = valueEnd
            try decimal(hex, to: element)
        case .enumeration:
            let value = Int64(Int32(truncatingIfNeeded: try varint(end: end)))
            try decimal(schema.enumerations[field.enumeration ?? 0].values[value] ?? String(value), to: element)
        case .int32: try decimal(String(Int32(truncatingIfNeeded: try varint(end: end))), to: element)
        case .int64: try decimal(String(Int64(bitPattern: try varint(end: end))), to: element)
        case .uint32: try decimal(String(UInt32(truncatingIfNeeded: try varint(end: end))), to: element)
        case .uint64: try decimal(String(try varint(end: end)), to: element)
        case .sint32:
            let raw = UInt32(truncatingIfNeeded: try varint(end: end))
            try decimal(String(Int32(bitPattern: (raw >> 1) ^ (0 &- (raw & 1)))), to: element)
        case .sint64:
            let raw = try varint(end: end)
            try decimal(String(Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1)))), to: element)
        case .bool: try decimal(try varint(end: end) == 0 ? "false" : "true", to: element)
        case .fixed32: try decimal(String(try fixed32(end: end)), to: element)
        case .sfixed32: try decimal(String(Int32(bitPattern: try fixed32(end: end))), to: element)
        case .float: try decimal(Float(bitPattern: try fixed32(end: end)).description, to: element)
        case .fixed64: try decimal(String(try fixed64(end: end)), to: element)
        case .sfixed64: try decimal(String(Int64(bitPattern: try fixed64(end: end))), to: element)
        case .double: try decimal(Double(bitPattern: try fixed64(end: end)).description, to: element)
        }
    }

    /// Steps over a value the schema does not name; a group (wire types 3 and 4, long deprecated)
    /// is stepped over to its matching end.
    private mutating func skip(_ wireType: UInt8, number: UInt32, end: Int, depth: Int) throws(DocumentError) {
        switch wireType {
        case 0: _ = try varint(end: end)
        case 1: _ = try fixed64(end: end)
        case 2: position = try lengthDelimited(end: end)
        case 5: _ = try fixed32(end: end)
        case 3:
            guard depth < maxDepth else { throw DocumentError(.tooDeep, "Protobuf groups nest deeper than \(maxDepth) levels.") }
            while true {
                guard position < end else { throw failure("a group is not closed") }
                let start = position
                let (inner, innerType) = try Self.split(try varint(end: end), at: start)
                if innerType == 4 {
                    guard inner == number else { throw failure("a group closes with another field's number") }
                    return
                }
                try skip(innerType, number: inner, end: end, depth: depth + 1)
            }
        default: throw failure("wire type \(wireType) is not one of protobuf's")
        }
    }

    /// A varint of at most ten bytes before `end`.
    private mutating func varint(end: Int) throws(DocumentError) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard position < end else { throw failure("a varint runs past the end") }
            let byte = bytes[position]
            position += 1
            // The tenth byte holds the 64th bit only; anything longer is not a varint.
            guard shift < 63 || byte <= 1 else { throw failure("a varint is longer than ten bytes") }
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }

    /// A length and the offset where the value it prefixes ends, at most `end`.
    private mutating func lengthDelimited(end: Int) throws(DocumentError) -> Int {
        let length = try varint(end: end)
        guard length <= UInt64(end - position) else { throw failure("a length of \(length) bytes runs past the end") }
        return position + Int(length)
    }

    private mutating func fixed32(end: Int) throws(DocumentError) -> UInt32 {
        guard end - position >= 4 else { throw failure("a 32-bit value runs past the end") }
        var value: UInt32 = 0
        for offset in (0..<4).reversed() { value = value << 8 | UInt32(bytes[position + offset]) }
        position += 4
        return value
    }

    private mutating func fixed64(end: Int) throws(DocumentError) -> UInt64 {
        guard end - position >= 8 else { throw failure("a 64-bit value runs past the end") }
        var value: UInt64 = 0
        for offset in (0..<8).reversed() { value = value << 8 | UInt64(bytes[position + offset]) }
        position += 8
        return value
    }

    private static func hex(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The element for a field, its name interned once per document.
    private mutating func child(
        _ field: ProtobufSchema.ResolvedField, number: UInt32, message: Int, of parent: xmlNodePtr
    ) throws(DocumentError) -> xmlNodePtr {
        let key = message << 32 | Int(number)
        let name: UnsafePointer<xmlChar>
        if let known = interned[key] {
            name = known
        } else {
            var text = field.name
            guard let made = text.withUTF8({ TreeAssembly.intern($0, in: names) }) else { throw failure("libxml2 could not allocate a name") }
            interned[key] = made
            name = made
        }
        guard let element = TreeAssembly.element(name, in: document, under: parent) else { throw failure("libxml2 could not allocate an element") }
        return element
    }

    /// Gives an element a text made by this builder (a number, a name of the schema).
    private func decimal(_ text: String, to element: xmlNodePtr) throws(DocumentError) {
        var text = text
        let added = text.withUTF8 { TreeAssembly.addText($0, to: element, in: document) }
        guard added else { throw failure("libxml2 could not allocate a text") }
    }

    /// Gives an element a text; `checked` when it is known to be UTF-8 already.
    private func text(_ bytes: UnsafeBufferPointer<UInt8>, to element: xmlNodePtr, checked: Bool) throws(DocumentError) {
        guard !bytes.isEmpty else { return }
        let added = checked
            ? TreeAssembly.addText(bytes, to: element, in: document) : TreeAssembly.addUncheckedText(bytes, to: element, in: document)
        guard added else { throw failure("libxml2 could not allocate a text") }
    }

    private func failure(_ message: String) -> DocumentError {
        DocumentError(.malformed, "Not a valid protobuf message: \(message) at byte \(min(position, bytes.count)).")
    }
}
