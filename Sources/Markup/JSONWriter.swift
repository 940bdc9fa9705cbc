/// Walks a ``Node`` tree and appends its JSON to a byte buffer.
///
/// Nodes are visited through pointers into their arrays' storage, for the reason given on
/// ``XMLWriter``: it saves copying every node.
struct JSONWriter: DocumentWriter, ~Copyable {
    var bytes: OutputBuffer
    let pretty: Bool

    mutating func writeDocument(_ root: Node) {
        bytes.append(UInt8(ascii: "{"))
        writeKey(root.name, isFirst: true, depth: 1)
        withUnsafePointer(to: root) { writeContent(of: $0, depth: 1) }
        close("}", isEmpty: false, depth: 0)
        if pretty {
            bytes.append(UInt8(ascii: "\n"))
        }
    }

    mutating func writeObject(_ members: [(String, Node.Value)]) {
        bytes.append(UInt8(ascii: "{"))
        for (offset, (key, value)) in members.enumerated() {
            writeKey(key, isFirst: offset == 0, depth: 1)
            writeValue(value)
        }
        close("}", isEmpty: members.isEmpty, depth: 0)
        if pretty {
            bytes.append(UInt8(ascii: "\n"))
        }
    }

    private mutating func writeContent(of node: UnsafePointer<Node>, depth: Int) {
        assert(Self.hasDistinctKeys(node.pointee), "duplicate JSON keys in element \(node.pointee.name.debugDescription)")
        let hasAttributes = !node.pointee.attributes.isEmpty
        switch node.pointee.content {
        case .value(let value) where !hasAttributes:
            writeValue(value)
        case .list(let items) where !hasAttributes:
            writeArray(items, depth: depth)
        case .value(let value):
            bytes.append(UInt8(ascii: "{"))
            writeAttributes(node.pointee.attributes, depth: depth + 1)
            writeKey("value", isFirst: false, depth: depth + 1)
            writeValue(value)
            close("}", isEmpty: false, depth: depth)
        case .list(let items):
            bytes.append(UInt8(ascii: "{"))
            writeAttributes(node.pointee.attributes, depth: depth + 1)
            writeKey("items", isFirst: false, depth: depth + 1)
            writeArray(items, depth: depth + 1)
            close("}", isEmpty: false, depth: depth)
        case .children(let children):
            bytes.append(UInt8(ascii: "{"))
            if hasAttributes {
                writeAttributes(node.pointee.attributes, depth: depth + 1)
            }
            children.withUnsafeBufferPointer { children in
                for index in children.indices {
                    let child = children.baseAddress! + index
                    writeKey(child.pointee.name, isFirst: index == 0 && !hasAttributes, depth: depth + 1)
                    writeContent(of: child, depth: depth + 1)
                }
            }
            close("}", isEmpty: children.isEmpty && !hasAttributes, depth: depth)
        }
    }

    private mutating func writeArray(_ items: [Node], depth: Int) {
        bytes.append(UInt8(ascii: "["))
        items.withUnsafeBufferPointer { items in
            for index in items.indices {
                writeSeparator(isFirst: index == 0, depth: depth + 1)
                writeContent(of: items.baseAddress! + index, depth: depth + 1)
            }
        }
        close("]", isEmpty: items.isEmpty, depth: depth)
    }

    private mutating func writeAttributes(_ attributes: [Node.Attribute], depth: Int) {
        for (offset, attribute) in attributes.enumerated() {
            writeKey(attribute.name, isFirst: offset == 0, depth: depth)
            writeString(attribute.value)
        }
    }

    mutating func writeValue(_ value: Node.Value) {
        switch value {
        case .string(let string):
            writeString(string)
        case .int(let int):
            bytes.appendDecimal(int)
        case .double(let double):
            // JSON has no NaN or infinity; null keeps the key while saying there is no number.
            if double.isFinite {
                bytes.appendShortest(double)
            } else {
                bytes.append("null")
            }
        case .bool(let bool):
            bytes.append(bool ? "true" : "false")
        }
    }

    private mutating func writeString(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        appendEscaped(string)
        bytes.append(UInt8(ascii: "\""))
    }

    mutating func writeKey(_ key: String, isFirst: Bool, depth: Int) {
        writeSeparator(isFirst: isFirst, depth: depth)
        writeString(key)
        bytes.append(pretty ? ": " : ":")
    }

    mutating func writeSeparator(isFirst: Bool, depth: Int) {
        if !isFirst {
            bytes.append(UInt8(ascii: ","))
        }
        if pretty {
            bytes.append(UInt8(ascii: "\n"))
            bytes.appendSpaces(2 * depth)
        }
    }

    mutating func close(_ bracket: StaticString, isEmpty: Bool, depth: Int) {
        if pretty, !isEmpty {
            bytes.append(UInt8(ascii: "\n"))
            bytes.appendSpaces(2 * depth)
        }
        bytes.append(bracket)
    }

    /// Whether the element's JSON object would have each key once; duplicates are legal JSON
    /// but most parsers keep only the last, silently losing data.
    private static func hasDistinctKeys(_ node: Node) -> Bool {
        var keys = Set(node.attributes.map(\.name))
        guard keys.count == node.attributes.count else {
            return false
        }
        switch node.content {
        case .value:
            return node.attributes.isEmpty || !keys.contains("value")
        case .list:
            return node.attributes.isEmpty || !keys.contains("items")
        case .children(let children):
            return children.allSatisfy { keys.insert($0.name).inserted }
        }
    }
}
