internal import CLibXML2

/// Builds a libxml2 tree from JSON, so that routes query JSON with the same XPath as XML.
///
/// The mapping, for `{"routes": [{"distance": 1.5, "legs": [[4.3, 50.8]]}], "?xml": null}`:
///
/// ```xml
/// <json>
///   <routes><distance>1.5</distance><legs><item>4.3</item><item>50.8</item></legs></routes>
///   <_xml key="?xml" null="true"/>
/// </json>
/// ```
///
/// - an object is an element whose children are its members, in order;
/// - an array repeats the element of its member, once per item; an array inside an array is an
///   element whose items are `item` children; a top-level array's items are `item` children of `json`;
/// - a key that is not an XML name is made one (invalid characters become `_`, and a name that
///   cannot start an XML name gets a `_` in front) and the original key is kept in `key`;
/// - numbers, `true` and `false` keep their JSON text; `null` is an empty element with `null="true"`.
struct JSONDocumentBuilder: ~Copyable {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    private let maxDepth: Int
    private let document: xmlDocPtr
    /// Reused for every string, so that decoding does not allocate per value.
    private var scratch: [UInt8] = []

    private init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int, document: xmlDocPtr) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        self.document = document
    }

    static func build(_ input: [UInt8], options: ParseOptions) throws(DocumentError) -> Document {
        let utf8 = try JSONText.utf8(input, contentType: options.contentType)
        guard let document = xmlNewDoc("1.0") else { throw DocumentError(.malformed, "libxml2 could not allocate a document.") }
        do {
            let built = utf8.withUnsafeBufferPointer { buffer in
                Result { () throws(DocumentError) in
                    var builder = JSONDocumentBuilder(bytes: buffer, maxDepth: options.limits.maxDepth, document: document)
                    try builder.buildRoot()
                }
            }
            try built.get()
        } catch {
            xmlFreeDoc(document)
            throw error
        }
        return Document(pointer: document, format: .json, encoding: "UTF-8", diagnostics: ParseDiagnostics(), limits: options.limits)
    }

    private mutating func buildRoot() throws(DocumentError) {
        guard let root = xmlNewDocNode(document, nil, "json", nil) else { throw failure("libxml2 could not allocate an element") }
        xmlDocSetRootElement(document, root)
        skipWhitespace()
        switch peek() {
        case UInt8(ascii: "{"): try parseMembers(into: root, depth: 1)
        case UInt8(ascii: "["): try parseItems(named: "item", key: nil, into: root, depth: 1)
        default: try parseScalar(into: root)
        }
        skipWhitespace()
        guard position == bytes.count else { throw failure("unexpected text after the JSON value") }
    }

    /// Parses `{…}`: each member becomes a child of `element`.
    private mutating func parseMembers(into element: xmlNodePtr, depth: Int) throws(DocumentError) {
        guard depth <= maxDepth else { throw DocumentError(.tooDeep, "JSON nests deeper than \(maxDepth) levels.") }
        position += 1
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            position += 1
            return
        }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw failure("expected a member name") }
            let key = try parseString()
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw failure("expected ':' after a member name") }
            position += 1
            try parseValue(named: XMLNameMapping.elementName(for: key), key: key, into: element, depth: depth)
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"): position += 1; return
            default: throw failure("expected ',' or '}' in an object")
            }
        }
    }

    /// Parses `[…]`: each item becomes an element `name` under `parent`.
    private mutating func parseItems(named name: String, key: String?, into parent: xmlNodePtr, depth: Int) throws(DocumentError) {
        guard depth <= maxDepth else { throw DocumentError(.tooDeep, "JSON nests deeper than \(maxDepth) levels.") }
        position += 1
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            position += 1
            return
        }
        while true {
            skipWhitespace()
            if peek() == UInt8(ascii: "[") {
                // An array in an array: one element holding the inner items.
                let holder = try child(named: name, key: key, of: parent)
                try parseItems(named: "item", key: nil, into: holder, depth: depth + 1)
            } else {
                try parseValue(named: name, key: key, into: parent, depth: depth)
            }
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"): position += 1; return
            default: throw failure("expected ',' or ']' in an array")
            }
        }
    }

    private mutating func parseValue(named name: String, key: String?, into parent: xmlNodePtr, depth: Int) throws(DocumentError) {
        skipWhitespace()
        switch peek() {
        case UInt8(ascii: "{"):
            try parseMembers(into: try child(named: name, key: key, of: parent), depth: depth + 1)
        case UInt8(ascii: "["):
            try parseItems(named: name, key: key, into: parent, depth: depth + 1)
        default:
            try parseScalar(into: try child(named: name, key: key, of: parent))
        }
    }

    private mutating func parseScalar(into element: xmlNodePtr) throws(DocumentError) {
        switch peek() {
        case UInt8(ascii: "\""):
            let text = try parseString()
            text.utf8CString.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: xmlChar.self) { xmlNodeAddContentLen(element, $0.baseAddress, Int32($0.count - 1)) }
            }
        case UInt8(ascii: "t"): try literal("true", into: element)
        case UInt8(ascii: "f"): try literal("false", into: element)
        case UInt8(ascii: "n"):
            try expect("null")
            xmlNewProp(element, "null", "true")
        default:
            let start = position
            try JSONText.scanNumber(bytes, &position)
            let number = UnsafeBufferPointer(rebasing: bytes[start..<position])
            xmlNodeAddContentLen(element, number.baseAddress, Int32(number.count))
        }
    }

    private mutating func literal(_ word: StaticString, into element: xmlNodePtr) throws(DocumentError) {
        try expect(word)
        xmlNodeAddContentLen(element, word.utf8Start, Int32(word.utf8CodeUnitCount))
    }

    private mutating func expect(_ word: StaticString) throws(DocumentError) {
        let count = word.utf8CodeUnitCount
        guard bytes.count - position >= count,
            (0..<count).allSatisfy({ bytes[position + $0] == word.utf8Start[$0] })
        else { throw failure("unexpected character") }
        position += count
    }

    /// Parses a string literal into valid UTF-8 without NUL characters (a C string cannot hold them).
    private mutating func parseString() throws(DocumentError) -> String {
        scratch.removeAll(keepingCapacity: true)
        try JSONText.scanString(bytes, &position, into: &scratch)
        return String(decoding: scratch, as: UTF8.self)
    }

    private func child(named name: String, key: String?, of parent: xmlNodePtr) throws(DocumentError) -> xmlNodePtr {
        guard let element = xmlNewChild(parent, nil, name, nil) else { throw failure("libxml2 could not allocate an element") }
        if let key, key != name { xmlNewProp(element, "key", key) }
        return element
    }

    private func peek() -> UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    private mutating func skipWhitespace() {
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
    }

    private func failure(_ message: String) -> DocumentError {
        let line = bytes[..<min(position, bytes.count)].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        let found = position < bytes.count ? " at byte \(position)" : " at the end of the input"
        return DocumentError(.malformed, "Not valid JSON: \(message)\(found).", line: line)
    }
}
