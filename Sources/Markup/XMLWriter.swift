/// Walks a ``Node`` tree and appends its XML to a byte buffer.
///
/// Nodes are visited through pointers into their arrays' storage: handing a `Node` read from
/// an array to a mutating method makes Swift copy it (retaining its name, attributes and
/// content) in case the method changes the array, which measured as a third of render time.
struct XMLWriter: DocumentWriter, ~Copyable {
    var bytes: OutputBuffer
    let pretty: Bool

    mutating func writeDocument(_ root: Node) {
        bytes.append(#"<?xml version="1.0" encoding="UTF-8"?>"#)
        if pretty {
            bytes.append(UInt8(ascii: "\n"))
        }
        withUnsafePointer(to: root) { write($0, depth: 0) }
    }

    private mutating func write(_ node: UnsafePointer<Node>, depth: Int) {
        let name = node.pointee.name
        assert(XMLName.isValid(name), "invalid XML element name \(name.debugDescription)")
        if pretty {
            bytes.appendSpaces(2 * depth)
        }
        bytes.append(UInt8(ascii: "<"))
        bytes.append(name)
        if !node.pointee.attributes.isEmpty {
            for attribute in node.pointee.attributes {
                writeAttribute(attribute)
            }
        }
        switch node.pointee.content {
        case .value(let value):
            bytes.append(UInt8(ascii: ">"))
            let textStart = bytes.count
            writeText(value)
            // Text can come out empty (an empty string, NaN, only illegal characters); every such
            // leaf becomes `<name/>`, so clients see one form for "no text".
            if bytes.count == textStart {
                bytes.removeLast()
                bytes.append("/>")
            } else {
                writeEndTag(name)
            }
        case .children(let children), .list(let children):
            guard !children.isEmpty else {
                bytes.append("/>")
                break
            }
            bytes.append(UInt8(ascii: ">"))
            if pretty {
                bytes.append(UInt8(ascii: "\n"))
            }
            children.withUnsafeBufferPointer { children in
                for child in children.indices {
                    write(children.baseAddress! + child, depth: depth + 1)
                }
            }
            if pretty {
                bytes.appendSpaces(2 * depth)
            }
            writeEndTag(name)
        }
        if pretty {
            bytes.append(UInt8(ascii: "\n"))
        }
    }

    private mutating func writeAttribute(_ attribute: Node.Attribute) {
        assert(XMLName.isValid(attribute.name), "invalid XML attribute name \(attribute.name.debugDescription)")
        bytes.append(UInt8(ascii: " "))
        bytes.append(attribute.name)
        bytes.append(#"=""#)
        appendEscaped(attribute.value, inAttribute: true)
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func writeEndTag(_ name: String) {
        bytes.append("</")
        bytes.append(name)
        bytes.append(UInt8(ascii: ">"))
    }

    private mutating func writeText(_ value: Node.Value) {
        switch value {
        case .string(let string):
            appendEscaped(string, inAttribute: false)
        case .int(let int):
            bytes.appendDecimal(int)
        case .double(let double):
            if double.isFinite {
                bytes.appendShortest(double)
            }
        case .bool(let bool):
            bytes.append(bool ? "true" : "false")
        }
    }
}
