import CLibXML2

/// A document parsed by real libxml2, the stand-in for our clients' SAX parsers.
///
/// Owns its `xmlDoc` and frees it in `deinit`; every query copies out to Swift values.
struct ParsedXML: ~Copyable {
    /// Why libxml2 rejected a document.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let document: xmlDocPtr

    /// Parses `bytes` without network access and throws on any error, fatal or not.
    init(_ bytes: [UInt8]) throws(Failure) {
        guard let context = xmlNewParserCtxt() else {
            throw Failure(description: "xmlNewParserCtxt failed")
        }
        defer { xmlFreeParserCtxt(context) }
        // NOERROR keeps libxml2 quiet on stderr; the context still records the error for us.
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        let parsed = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                xmlCtxtReadMemory(context, $0.baseAddress, Int32($0.count), nil, "UTF-8", options)
            }
        }
        let error = xmlCtxtGetLastError(context)?.pointee
        guard let parsed, context.pointee.wellFormed != 0, error == nil || error?.code == 0 else {
            if let parsed {
                xmlFreeDoc(parsed)
            }
            let message = error?.message.map { String(cString: $0) } ?? "no message"
            throw Failure(description: "libxml2 error \(error?.code ?? -1) at line \(error?.line ?? 0): \(message)")
        }
        document = parsed
    }

    deinit {
        xmlFreeDoc(document)
    }

    /// The root element's name.
    var rootName: String? {
        xmlDocGetRootElement(document).map { String(cString: $0.pointee.name) }
    }

    /// The text content of the first element named `name`, in document order.
    func text(of name: String) -> String? {
        guard let element = Self.firstElement(named: name, from: xmlDocGetRootElement(document)),
              let content = xmlNodeGetContent(element) else {
            return nil
        }
        defer { cxml_free(content) }
        return String(cString: content)
    }

    /// The value of attribute `attribute` on the first element named `name`.
    func attribute(_ attribute: String, of name: String) -> String? {
        guard let element = Self.firstElement(named: name, from: xmlDocGetRootElement(document)),
              let value = xmlGetProp(element, attribute) else {
            return nil
        }
        defer { cxml_free(value) }
        return String(cString: value)
    }

    /// The names of the element children of the first element named `name`.
    func childNames(of name: String) -> [String] {
        var names: [String] = []
        var child = Self.firstElement(named: name, from: xmlDocGetRootElement(document))?.pointee.children
        while let node = child {
            if node.pointee.type == XML_ELEMENT_NODE {
                names.append(String(cString: node.pointee.name))
            }
            child = node.pointee.next
        }
        return names
    }

    private static func firstElement(named name: String, from start: xmlNodePtr?) -> xmlNodePtr? {
        var node = start
        while let current = node {
            if current.pointee.type == XML_ELEMENT_NODE {
                if String(cString: current.pointee.name) == name {
                    return current
                }
                if let found = firstElement(named: name, from: current.pointee.children) {
                    return found
                }
            }
            node = current.pointee.next
        }
        return nil
    }
}
