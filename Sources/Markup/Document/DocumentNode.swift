internal import CLibXML2

/// One node of a parsed document (element, attribute or text), valid while it keeps its document.
public struct DocumentNode {
    /// Keeps the tree alive for as long as the node is used.
    let document: Document
    let pointer: xmlNodePtr

    /// The node's local name (`td`, `Connection`, `href`; `text` for text nodes).
    public var name: String {
        LibXML.string(pointer.pointee.name) ?? ""
    }

    /// The XPath string value: the text of an element and all its descendants, an attribute's value.
    public var stringValue: String {
        LibXML.stringValue(pointer)
    }

    /// The value of the attribute with this name, if present.
    public func attribute(_ name: String) -> String? {
        LibXML.take(xmlGetProp(pointer, name))
    }

    /// The line the node started on in the input (0 when unknown).
    public var line: Int {
        Int(xmlGetLineNo(pointer))
    }
}
