internal import CLibXML2

/// The few tree operations the document builders that are not libxml2's own parsers share (JSON,
/// protobuf): elements named from the document's dictionary, texts, children appended in order.
enum TreeAssembly {
    /// An element named `name`, which must be an entry of the document's dictionary: the element
    /// takes it as it is (`xmlNewChild` would look it up again), and xmlFreeDoc leaves it to the
    /// dictionary. Nil when libxml2 could not allocate it.
    static func element(_ name: UnsafePointer<xmlChar>, in document: xmlDocPtr, under parent: xmlNodePtr) -> xmlNodePtr? {
        guard let element = xmlNewDocNodeEatName(document, nil, UnsafeMutablePointer(mutating: name), nil) else { return nil }
        append(element, to: parent)
        return element
    }

    /// Makes `node` the last child of `parent` (what `xmlAddChild` does for a node of the same
    /// document that no text merges into).
    static func append(_ node: xmlNodePtr, to parent: xmlNodePtr) {
        node.pointee.parent = parent
        if let last = parent.pointee.last {
            last.pointee.next = node
            node.pointee.prev = last
        } else {
            parent.pointee.children = node
        }
        parent.pointee.last = node
    }

    /// Gives an element (still without children) its text; false when libxml2 could not allocate it.
    static func addText(_ bytes: UnsafeBufferPointer<UInt8>, to element: xmlNodePtr, in document: xmlDocPtr) -> Bool {
        guard let text = xmlNewDocTextLen(document, bytes.baseAddress, Int32(bytes.count)) else { return false }
        append(text, to: element)
        return true
    }

    /// Gives an element its text from bytes that may not be UTF-8: ASCII as it is, anything else
    /// decoded with invalid sequences repaired (U+FFFD), since libxml2 trees hold UTF-8 only.
    static func addUncheckedText(_ bytes: UnsafeBufferPointer<UInt8>, to element: xmlNodePtr, in document: xmlDocPtr) -> Bool {
        if bytes.allSatisfy({ $0 < 0x80 }) { return addText(bytes, to: element, in: document) }
        var text = String(decoding: bytes, as: UTF8.self)
        return text.withUTF8 { addText($0, to: element, in: document) }
    }

    /// `text` interned in the document's dictionary; nil when libxml2 could not allocate it.
    static func intern(_ text: UnsafeBufferPointer<UInt8>, in names: xmlDictPtr) -> UnsafePointer<xmlChar>? {
        text.isEmpty ? xmlDictLookup(names, "", 0) : xmlDictLookup(names, text.baseAddress, Int32(text.count))
    }

    /// A new document with its own dictionary for element names and a root element `root`; nil
    /// when libxml2 could not allocate them (nothing is left allocated then).
    static func document(root: String) -> (document: xmlDocPtr, names: xmlDictPtr, root: xmlNodePtr)? {
        guard let document = xmlNewDoc("1.0") else { return nil }
        // xmlFreeDoc frees the dictionary with the document.
        guard let names = xmlDictCreate() else {
            xmlFreeDoc(document)
            return nil
        }
        document.pointee.dict = names
        var root = root
        guard let rootName = root.withUTF8({ intern($0, in: names) }),
            let element = xmlNewDocNodeEatName(document, nil, UnsafeMutablePointer(mutating: rootName), nil)
        else {
            xmlFreeDoc(document)
            return nil
        }
        xmlDocSetRootElement(document, element)
        return (document, names, element)
    }
}
