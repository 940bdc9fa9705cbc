import Foundation
import Markup
import Testing

/// A declaration builds the node the hand-written builders would, and its schemas say the same.
@Suite struct ShapeTests {
    struct Stop: Sendable {
        var name: String
        var delay: Int?
        var cancelled: Bool
        var lines: [String]
        var position: (lat: Double, lon: Double)
    }

    static let position = Shape<(lat: Double, lon: Double)>.children("Position", [
        .leaf("lat", .double) { $0.lat },
        .leaf("lon", .double) { $0.lon },
    ])

    static let stop = DocumentShape<Stop>("stop", summary: "One stop.", .children(nil, [
        .leaf("name", .string) { $0.name },
        .optional("delay", .integer, summary: "Minutes late.") { $0.delay },
        .flag("cancelled") { $0.cancelled },
        .list("lines", "line", Shape<String>.text(.string), whenEmpty: .leftOut) { $0.lines },
        .fields(position) { $0.position },
        .element("at", position) { $0.position },
    ]))

    @Test func nodeFollowsTheDeclaration() {
        let full = Stop(name: "Bern", delay: 3, cancelled: true, lines: ["S1", "S2"], position: (46.9, 7.4))
        #expect(Self.stop.node(full) == .element("stop", [
            .leaf("name", "Bern"), .leaf("delay", 3), .leaf("cancelled", true),
            .list("lines", [.leaf("line", "S1"), .leaf("line", "S2")]),
            .leaf("lat", 46.9), .leaf("lon", 7.4),
            .element("at", [.leaf("lat", 46.9), .leaf("lon", 7.4)]),
        ]))
        let bare = Stop(name: "Thun", delay: nil, cancelled: false, lines: [], position: (46.7, 7.6))
        #expect(Self.stop.node(bare) == .element("stop", [
            .leaf("name", "Thun"), .leaf("lat", 46.7), .leaf("lon", 7.6), .element("at", [.leaf("lat", 46.7), .leaf("lon", 7.6)]),
        ]))
    }

    @Test func declarationSaysWhatIsOptionalAndRepeated() {
        guard case .children(let complex) = Self.stop.declaration.content else {
            Issue.record("a stop has children")
            return
        }
        #expect(complex.members.map(\.name) == ["name", "delay", "cancelled", "lines", "lat", "lon", "at"])
        #expect(complex.members.map(\.isOptional) == [false, true, true, true, false, false, false])
        guard case .list(let line) = complex.members[3].content else {
            Issue.record("lines is a list")
            return
        }
        // A list left out when empty has at least one item when there.
        #expect(line.name == "line" && line.isRepeated && !line.isOptional)
    }

    @Test func writtenEmptyListsAreRequiredWithOptionalItems() {
        let shape = Shape<[String]>.children(nil, [.list("lines", "line", Shape<String>.text(.string)) { $0 }])
        #expect(shape.node("x", []) == .element("x", [.list("lines", [])]))
        guard case .children(let complex) = shape.declaration, case .list(let item) = complex.members[0].content else {
            Issue.record("a list member")
            return
        }
        #expect(!complex.members[0].isOptional && item.isOptional && item.isRepeated)
    }

    @Test func unorderedShapesWriteEachValuesOrder() {
        struct Length: Sendable {
            var metres: Int
            var imperial: Bool
        }
        let length = Shape<Length>.unordered(
            "Length", [.leaf("m", .count) { $0.metres }, .leaf("ft", .count) { $0.metres * 3 }, .leaf("yd", .count) { $0.metres }],
            orders: [["m", "ft", "yd"], ["yd", "ft"]]
        ) { $0.imperial ? 1 : 0 }
        #expect(length.node("l", Length(metres: 2, imperial: false)) == .element("l", [.leaf("m", 2), .leaf("ft", 6), .leaf("yd", 2)]))
        #expect(length.node("l", Length(metres: 2, imperial: true)) == .element("l", [.leaf("yd", 2), .leaf("ft", 6)]))
        guard case .children(let complex) = length.declaration else {
            Issue.record("a length has children")
            return
        }
        // A member some order leaves out is optional.
        #expect(!complex.isOrdered && complex.members.map(\.isOptional) == [true, false, false])
        #expect(XMLSchema.document(summary: "L", roots: [length.element("l")]).contains("<xs:all>"))
    }

    @Test func xmlSchemaNamesSharedTypesOnce() {
        let xsd = XMLSchema.document(summary: "Stops -- and more.", roots: [Self.stop.declaration])
        #expect(xsd.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"# + "\n<!-- Stops - - and more. -->\n"))
        #expect(xsd.contains(#"<xs:element name="stop">"#))
        #expect(xsd.contains(#"<xs:element name="delay" minOccurs="0" type="xs:integer"/>"#))
        #expect(xsd.contains(#"<xs:element name="line" maxOccurs="unbounded" type="xs:string"/>"#))
        #expect(xsd.contains(#"<xs:element name="at" type="Position"/>"#))
        #expect(xsd.components(separatedBy: #"<xs:complexType name="Position">"#).count == 2)
        #expect(xsd.hasSuffix("</xs:schema>\n"))
    }

    @Test func textTypesRestrictTheirBase() {
        let kind = TextType<String>.enumeration("Kind", ["bus", "train"])
        let shape = Shape<String>.children(nil, [
            .leaf("kind", kind) { $0 }, .leaf("count", .count) { $0.count }, .leaf("share", .range(nil, 0...100)) { $0.count },
        ])
        let xsd = XMLSchema.document(summary: "K", roots: [shape.element("k")])
        #expect(xsd.contains(#"<xs:simpleType name="Kind">"#) && xsd.contains(#"<xs:enumeration value="train"/>"#))
        // A count's minimum is its base type's: no restriction of its own.
        #expect(xsd.contains(#"<xs:element name="count" type="xs:nonNegativeInteger"/>"#))
        #expect(xsd.contains(#"<xs:maxInclusive value="100"/>"#))
    }

    @Test func jsonSchemaMirrorsTheJSONWriter() {
        let schema = Self.stop.jsonSchema()
        #expect(schema["required"] == ["stop"])
        let stop = schema["properties"]?["stop"]
        #expect(stop?["type"] == "object")
        #expect(stop?["required"] == ["name", "lat", "lon", "at"])
        #expect(stop?["properties"]?["delay"] == ["type": "integer", "description": "Minutes late."])
        #expect(stop?["properties"]?["cancelled"] == ["type": "boolean"])
        // A list is an array of its items' contents, their names dropped.
        #expect(stop?["properties"]?["lines"] == ["type": "array", "minItems": 1, "items": ["type": "string"]])
        #expect(stop?["properties"]?["at"]?["title"] == "Position")
        let time = TextType<String>.pattern("Time", #"\d{2}:\d{2}"#, base: .dateTime)
        #expect(ContentDeclaration.text(time.declaration).jsonSchema(summary: nil) == [
            "type": "string", "format": "date-time", "pattern": #"^(\d{2}:\d{2})$"#,
        ])
    }
}
