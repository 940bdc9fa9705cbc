import Markup
import Testing

@Suite("RelaxNGSchema")
struct RelaxNGSchemaTests {
    static let schema = Array("""
        <grammar xmlns="http://relaxng.org/ns/structure/1.0">
          <start>
            <element name="route">
              <attribute name="id"><text/></attribute>
              <oneOrMore><element name="field"><optional><attribute name="name"><text/></attribute></optional><text/></element></oneOrMore>
            </element>
          </start>
        </grammar>
        """.utf8)

    @Test func validDocumentPasses() throws {
        let schema = try RelaxNGSchema(bytes: Self.schema)
        try schema.validate(Array("<route id=\"a\">\n<field name=\"x\">1</field>\n</route>".utf8), name: "a.xml")
    }

    @Test("violations carry libxml2's message and the line")
    func invalid() throws {
        let schema = try RelaxNGSchema(bytes: Self.schema)
        var error = #expect(throws: DocumentError.self) {
            try schema.validate(Array("<route id=\"a\">\n<field/>\n<other/>\n</route>".utf8), name: "b.xml")
        }
        #expect(error?.kind == .invalid)
        #expect(error?.line == 3)
        #expect(error?.message.contains("other") == true)
        // libxml2 gives no line for a bad attribute; it is the first element of that name.
        error = #expect(throws: DocumentError.self) {
            try schema.validate(Array("<route id=\"a\">\n\n<field bogus=\"1\"/>\n</route>".utf8), name: "c.xml")
        }
        #expect(error?.kind == .invalid)
        #expect(error?.line == 3)
        #expect(error?.message.contains("field") == true)
    }

    @Test func malformedDocument() throws {
        let schema = try RelaxNGSchema(bytes: Self.schema)
        let error = #expect(throws: DocumentError.self) {
            try schema.validate(Array("<route id=\"a\">\n<field>\n</route>".utf8), name: "d.xml")
        }
        #expect(error?.kind == .malformed)
        #expect(error?.line == 3)
        #expect(error?.message.contains("mismatch") == true)
    }

    @Test func schemaThatDoesNotCompile() {
        let broken = Array("<grammar xmlns=\"http://relaxng.org/ns/structure/1.0\"><start><ref name=\"nowhere\"/></start></grammar>".utf8)
        let error = #expect(throws: DocumentError.self) { try RelaxNGSchema(bytes: broken) }
        #expect(error?.kind == .invalidSchema)
        #expect(error?.message.isEmpty == false)
    }
}
