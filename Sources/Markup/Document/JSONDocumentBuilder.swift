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
/// - numbers, `true` and `false` keep their JSON text, except that a number in exponent form is
///   written in plain decimals (`5.25E1` is `52.5`); `null` is an empty element with `null="true"`.
struct JSONDocumentBuilder: ~Copyable {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    private let maxDepth: Int
    private let document: xmlDocPtr
    /// The document's dictionary: element names (and keys that differ from them) are interned in
    /// it, once per distinct name, instead of being copied for every element.
    private let names: xmlDictPtr
    /// `item`, interned.
    private let item: Name
    /// Reused for every string, so that decoding does not allocate per value.
    private var scratch: [UInt8] = []

    /// An element name and, when it differs, the key it was made from; both owned by `names`.
    private struct Name {
        let element: UnsafePointer<xmlChar>
        let key: UnsafePointer<xmlChar>?
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int, document: xmlDocPtr, names: xmlDictPtr, item: Name) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        self.document = document
        self.names = names
        self.item = item
    }

    static func build(_ input: [UInt8], options: ParseOptions, arena: DocumentArena?) throws(DocumentError) -> Document {
        let utf8 = try JSONText.utf8(input, contentType: options.contentType)
        let tree = { () throws(DocumentError) -> xmlDocPtr in try buildTree(utf8, options: options) }
        let document = if let arena { try arena.run(tree) } else { try tree() }
        return Document(pointer: document, format: .json, encoding: "UTF-8", diagnostics: ParseDiagnostics(), limits: options.limits, arena: arena)
    }

    /// The tree of a JSON text; nothing is left allocated when it throws.
    private static func buildTree(_ utf8: [UInt8], options: ParseOptions) throws(DocumentError) -> xmlDocPtr {
        guard let (document, names, root) = TreeAssembly.document(root: "json") else {
            throw DocumentError(.malformed, "libxml2 could not allocate a document.")
        }
        do throws(DocumentError) {
            guard let item = xmlDictLookup(names, "item", -1) else { throw DocumentError(.malformed, "libxml2 could not allocate a name.") }
            let built = utf8.withUnsafeBufferPointer { buffer in
                Result { () throws(DocumentError) in
                    var builder = JSONDocumentBuilder(
                        bytes: buffer, maxDepth: options.limits.maxDepth, document: document, names: names, item: Name(element: item, key: nil))
                    try builder.buildRoot(root)
                }
            }
            try built.get()
        } catch {
            xmlFreeDoc(document)
            throw error
        }
        return document
    }

    private mutating func buildRoot(_ root: xmlNodePtr) throws(DocumentError) {
        skipWhitespace()
        switch peek() {
        case UInt8(ascii: "{"): try parseMembers(into: root, depth: 1)
        case UInt8(ascii: "["): try parseItems(named: item, into: root, depth: 1)
        default: try parseScalar(into: root)
        }
        skipWhitespace()
        guard position == bytes.count else { throw failure("unexpected text after the JSON value") }
    }

    /// Parses `{…}`: each member becomes a child of `element`.
    private mutating func parseMembers(into element: xmlNodePtr, depth: Int) throws(DocumentError) {
        guard try enterContainer(closedBy: UInt8(ascii: "}"), depth: depth) else { return }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw failure("expected a member name") }
            scratch.removeAll(keepingCapacity: true)
            try JSONText.scanString(bytes, &position, into: &scratch)
            let name = try internName()
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw failure("expected ':' after a member name") }
            position += 1
            try parseValue(named: name, into: element, depth: depth)
            guard try nextInContainer(closedBy: UInt8(ascii: "}"), "expected ',' or '}' in an object") else { return }
        }
    }

    /// Parses `[…]`: each item becomes an element `name` under `parent`.
    private mutating func parseItems(named name: Name, into parent: xmlNodePtr, depth: Int) throws(DocumentError) {
        guard try enterContainer(closedBy: UInt8(ascii: "]"), depth: depth) else { return }
        while true {
            skipWhitespace()
            if peek() == UInt8(ascii: "[") {
                // An array in an array: one element holding the inner items.
                let holder = try child(named: name, of: parent)
                try parseItems(named: item, into: holder, depth: depth + 1)
            } else {
                try parseValue(named: name, into: parent, depth: depth)
            }
            guard try nextInContainer(closedBy: UInt8(ascii: "]"), "expected ',' or ']' in an array") else { return }
        }
    }

    /// Steps into the object or array at `position` (`depth` levels deep, at most ``maxDepth``):
    /// true when a member or item follows, false past an empty one.
    private mutating func enterContainer(closedBy close: UInt8, depth: Int) throws(DocumentError) -> Bool {
        guard depth <= maxDepth else { throw DocumentError(.tooDeep, "JSON nests deeper than \(maxDepth) levels.") }
        position += 1
        skipWhitespace()
        guard peek() == close else { return true }
        position += 1
        return false
    }

    /// After a member or item: true past a `,` (another follows), false past `close` (the
    /// container ends); anything else is `message`.
    private mutating func nextInContainer(closedBy close: UInt8, _ message: String) throws(DocumentError) -> Bool {
        skipWhitespace()
        switch peek() {
        case UInt8(ascii: ","): position += 1; return true
        case close: position += 1; return false
        default: throw failure(message)
        }
    }

    private mutating func parseValue(named name: Name, into parent: xmlNodePtr, depth: Int) throws(DocumentError) {
        skipWhitespace()
        switch peek() {
        case UInt8(ascii: "{"):
            try parseMembers(into: try child(named: name, of: parent), depth: depth + 1)
        case UInt8(ascii: "["):
            try parseItems(named: name, into: parent, depth: depth + 1)
        default:
            try parseScalar(into: try child(named: name, of: parent))
        }
    }

    private mutating func parseScalar(into element: xmlNodePtr) throws(DocumentError) {
        switch peek() {
        case UInt8(ascii: "\""):
            scratch.removeAll(keepingCapacity: true)
            try JSONText.scanString(bytes, &position, into: &scratch)
            guard !scratch.isEmpty else { return }
            // Raw bytes are not checked while scanning: decoding repairs invalid UTF-8 (U+FFFD).
            let added = scratch.withUnsafeBufferPointer { TreeAssembly.addUncheckedText($0, to: element, in: document) }
            guard added else { throw failure("libxml2 could not allocate a text") }
        case UInt8(ascii: "t"): try literal("true", into: element)
        case UInt8(ascii: "f"): try literal("false", into: element)
        case UInt8(ascii: "n"):
            try expect("null")
            xmlNewProp(element, "null", "true")
        default:
            let start = position
            try JSONText.scanNumber(bytes, &position)
            let number = UnsafeBufferPointer(rebasing: bytes[start..<position])
            if let plain = JSONText.plainDecimal(number) {
                try plain.withUnsafeBufferPointer { plain throws(DocumentError) in try addText(plain, to: element) }
            } else {
                try addText(number, to: element)
            }
        }
    }

    private mutating func literal(_ word: StaticString, into element: xmlNodePtr) throws(DocumentError) {
        try expect(word)
        try addText(UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount), to: element)
    }

    private mutating func expect(_ word: StaticString) throws(DocumentError) {
        let count = word.utf8CodeUnitCount
        guard bytes.count - position >= count,
            (0..<count).allSatisfy({ bytes[position + $0] == word.utf8Start[$0] })
        else { throw failure("unexpected character") }
        position += count
    }

    /// The element name for the key in `scratch`, interned, with the key when the name differs.
    private func internName() throws(DocumentError) -> Name {
        // Most keys are XML names already; only the others are decoded and mapped.
        if scratch.withUnsafeBufferPointer(XMLNameMapping.isElementName) {
            return Name(element: try intern(scratch), key: nil)
        }
        // Raw bytes are not checked while scanning: decoding repairs invalid UTF-8 (U+FFFD).
        let key = String(decoding: scratch, as: UTF8.self)
        let name = XMLNameMapping.elementName(for: key)
        return Name(element: try intern(Array(name.utf8)), key: name == key ? nil : try intern(Array(key.utf8)))
    }

    private func intern(_ text: [UInt8]) throws(DocumentError) -> UnsafePointer<xmlChar> {
        guard let interned = text.withUnsafeBufferPointer({ TreeAssembly.intern($0, in: names) }) else { throw failure("libxml2 could not allocate a name") }
        return interned
    }

    private func child(named name: Name, of parent: xmlNodePtr) throws(DocumentError) -> xmlNodePtr {
        guard let element = TreeAssembly.element(name.element, in: document, under: parent) else {
            throw failure("libxml2 could not allocate an element")
        }
        if let key = name.key { xmlNewProp(element, "key", key) }
        return element
    }

    /// Gives an element (still without children) its text.
    private func addText(_ bytes: UnsafeBufferPointer<UInt8>, to element: xmlNodePtr) throws(DocumentError) {
        guard TreeAssembly.addText(bytes, to: element, in: document) else { throw failure("libxml2 could not allocate a text") }
    }

    private func peek() -> UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    private func failure(_ message: String) -> DocumentError {
        let line = bytes[..<min(position, bytes.count)].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        let found = position < bytes.count ? " at byte \(position)" : " at the end of the input"
        return DocumentError(.malformed, "Not valid JSON: \(message)\(found).", line: line)
    }
}
