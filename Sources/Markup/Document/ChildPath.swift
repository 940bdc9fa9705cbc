#if canImport(Glibc)
import Glibc
#endif
internal import CLibXML2

/// An XPath made only of child name steps, the last one possibly an attribute:
/// `data/instant/details/air_temperature`, `td/a/@href`, `/json/properties/meta/updated_at`.
///
/// Most fields of the routes are such paths. ``XPathEvaluator`` walks them over the tree itself,
/// selecting what libxml2's evaluator would select (elements and attributes in no namespace, in
/// document order) without its compilation state, node sets and per-step allocations.
/// Anything else (a predicate, another axis, a prefix, a function, whitespace) is not a child
/// path and goes to libxml2.
struct ChildPath: Sendable {
    /// Whether the path starts at the document (`/json/…`) rather than at the context node.
    let absolute: Bool
    /// The element names of the steps, NUL-terminated for comparing with libxml2's names.
    let elements: [[CChar]]
    /// The name of the attribute the last step selects, NUL-terminated.
    let attribute: [CChar]?

    /// The path `source` spells, or nil when it is not one.
    init?(_ source: String) {
        var steps = source.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        absolute = steps.first?.isEmpty == true
        if absolute { steps.removeFirst() }
        guard let last = steps.last, !last.isEmpty else { return nil }
        if last.first == UInt8(ascii: "@") {
            let name = last.dropFirst()
            guard Self.isName(name) else { return nil }
            attribute = name.map { CChar(bitPattern: $0) } + [0]
            steps.removeLast()
        } else {
            attribute = nil
        }
        guard steps.allSatisfy(Self.isName), !(steps.isEmpty && absolute) else { return nil }
        elements = steps.map { $0.map { CChar(bitPattern: $0) } + [0] }
    }

    /// An ASCII XML name without a prefix: a letter or `_`, then letters, digits, `_`, `-` or `.`.
    private static func isName(_ bytes: Substring.UTF8View.SubSequence) -> Bool {
        guard let first = bytes.first, isLetter(first) || first == UInt8(ascii: "_") else { return false }
        return bytes.allSatisfy { byte in
            isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    /// Calls `visit` with each node the path selects from `start` (an element or the document),
    /// in document order, until `visit` returns false.
    func walk(from start: xmlNodePtr, document: xmlNodePtr, _ visit: (xmlNodePtr) -> Bool) {
        _ = descend(absolute ? document : start, step: 0, visit)
    }

    /// False once `visit` asked to stop.
    private func descend(_ node: xmlNodePtr, step: Int, _ visit: (xmlNodePtr) -> Bool) -> Bool {
        guard step < elements.count else {
            guard let attribute else { return visit(node) }
            // A document node has no attributes (nor the field that holds them).
            guard node.pointee.type == XML_ELEMENT_NODE else { return true }
            var property = node.pointee.properties
            while let current = property {
                // As libxml2 matches an unprefixed name test on the attribute axis.
                if current.pointee.ns == nil || current.pointee.ns.pointee.prefix == nil,
                    strcmp(UnsafeRawPointer(current.pointee.name).assumingMemoryBound(to: CChar.self), attribute) == 0,
                    !visit(UnsafeMutableRawPointer(current).assumingMemoryBound(to: xmlNode.self))
                {
                    return false
                }
                property = current.pointee.next
            }
            return true
        }
        let name = elements[step]
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE, current.pointee.ns == nil,
                strcmp(UnsafeRawPointer(current.pointee.name).assumingMemoryBound(to: CChar.self), name) == 0,
                !descend(current, step: step + 1, visit)
            {
                return false
            }
            child = current.pointee.next
        }
        return true
    }
}
