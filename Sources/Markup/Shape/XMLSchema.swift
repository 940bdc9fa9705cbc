/// Writes an XML Schema (1.0) from element declarations: the published XSDs are derived, never written by hand.
///
/// Each root becomes a global element; a named complex or simple type is written once, after
/// the roots, and referred to by name; unnamed ones are written in place.
///
/// ```swift
/// XMLSchema.document(summary: "GottaGo timetable documents.", roots: [Schedules.document.declaration])
/// ```
public enum XMLSchema {
    /// The schema text; two different declarations under one type name are a programming error.
    public static func document(summary: String, roots: [ElementDeclaration]) -> String {
        var writer = XMLSchemaWriter()
        for root in roots { writer.collect(root) }
        writer.line(0, #"<?xml version="1.0" encoding="UTF-8"?>"#)
        writer.comment(0, summary)
        writer.line(0, #"<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" elementFormDefault="unqualified">"#)
        for root in roots {
            writer.blank()
            writer.element(root, depth: 1)
        }
        for complex in writer.complexTypes {
            writer.blank()
            writer.complexType(complex, depth: 1)
        }
        for simple in writer.simpleTypes {
            writer.blank()
            writer.simpleType(simple, depth: 1)
        }
        writer.line(0, "</xs:schema>")
        return writer.text
    }
}

/// The text of one schema under construction, and the named types it still has to write.
private struct XMLSchemaWriter {
    var text = ""
    var complexTypes: [ComplexDeclaration] = []
    var simpleTypes: [TextDeclaration] = []

    /// Gathers the named types below `element`, first use first.
    mutating func collect(_ element: ElementDeclaration) {
        switch element.content {
        case .text(let text):
            guard let name = text.name else { return }
            if let known = simpleTypes.first(where: { $0.name == name }) {
                precondition(known == text, "two different simple types are named \(name)")
            } else {
                simpleTypes.append(text)
            }
        case .children(let complex):
            if let name = complex.name {
                if let known = complexTypes.first(where: { $0.name == name }) {
                    precondition(known == complex, "two different complex types are named \(name)")
                    return
                }
                complexTypes.append(complex)
            }
            for member in complex.members { collect(member) }
        case .list(let item):
            collect(item)
        }
    }

    mutating func element(_ element: ElementDeclaration, depth: Int) {
        if let summary = element.summary { comment(depth, summary) }
        var head = "<xs:element name=\"\(escaped(element.name))\""
        if element.isOptional { head += #" minOccurs="0""# }
        if element.isRepeated { head += #" maxOccurs="unbounded""# }
        switch element.content {
        case .text(let text):
            if let name = text.name {
                line(depth, head + " type=\"\(escaped(name))\"/>")
            } else if text.isRestricted {
                line(depth, head + ">")
                simpleType(text, depth: depth + 1)
                line(depth, "</xs:element>")
            } else {
                line(depth, head + " type=\"\(text.base)\"/>")
            }
        case .children(let complex):
            if let name = complex.name {
                line(depth, head + " type=\"\(escaped(name))\"/>")
            } else {
                line(depth, head + ">")
                complexType(complex, depth: depth + 1)
                line(depth, "</xs:element>")
            }
        case .list(let item):
            line(depth, head + ">")
            line(depth + 1, "<xs:complexType>")
            line(depth + 2, "<xs:sequence>")
            self.element(item, depth: depth + 3)
            line(depth + 2, "</xs:sequence>")
            line(depth + 1, "</xs:complexType>")
            line(depth, "</xs:element>")
        }
    }

    mutating func complexType(_ complex: ComplexDeclaration, depth: Int) {
        if depth == 1, let summary = complex.summary { comment(depth, summary) }
        line(depth, complex.name.map { "<xs:complexType name=\"\(escaped($0))\">" } ?? "<xs:complexType>")
        let group = complex.isOrdered ? "xs:sequence" : "xs:all"
        if complex.members.isEmpty {
            line(depth + 1, "<\(group)/>")
        } else {
            line(depth + 1, "<\(group)>")
            for member in complex.members { element(member, depth: depth + 2) }
            line(depth + 1, "</\(group)>")
        }
        line(depth, "</xs:complexType>")
    }

    mutating func simpleType(_ text: TextDeclaration, depth: Int) {
        if depth == 1, let summary = text.summary { comment(depth, summary) }
        line(depth, depth == 1 ? "<xs:simpleType name=\"\(escaped(text.name ?? ""))\">" : "<xs:simpleType>")
        line(depth + 1, "<xs:restriction base=\"\(text.base)\">")
        if let pattern = text.pattern { line(depth + 2, "<xs:pattern value=\"\(escaped(pattern))\"/>") }
        if let minimum = text.schemaMinimum { line(depth + 2, "<xs:minInclusive value=\"\(minimum)\"/>") }
        if let maximum = text.maximum { line(depth + 2, "<xs:maxInclusive value=\"\(maximum)\"/>") }
        for value in text.enumeration { line(depth + 2, "<xs:enumeration value=\"\(escaped(value))\"/>") }
        line(depth + 1, "</xs:restriction>")
        line(depth, "</xs:simpleType>")
    }

    mutating func comment(_ depth: Int, _ text: String) {
        // `--` may not appear inside a comment.
        line(depth, "<!-- " + text.split(separator: "--", omittingEmptySubsequences: false).joined(separator: "- -") + " -->")
    }

    mutating func line(_ depth: Int, _ line: String) {
        text += String(repeating: "  ", count: depth) + line + "\n"
    }

    mutating func blank() {
        text += "\n"
    }

    func escaped(_ value: String) -> String {
        XMLRenderer.escaped(value)
    }
}
