import Markup
import Testing

@Suite struct XMLRendererTests {
    // Checked by reading: declaration, no whitespace, the nil delay gone, the empty platform and
    // the empty product list self-closed, the note's `&` and `<>` escaped.
    static let compactSchedule = """
        <?xml version="1.0" encoding="UTF-8"?><schedule><station><id>8503000</id><name>Zürich HB</name>\
        <coordinate><x>47.378177</x><y>8.540192</y></coordinate></station><connections><connection>\
        <departure>2016-12-23T08:02:00+01:00</departure><delay>3</delay><platform>31</platform>\
        <cancelled>false</cancelled><products><product>IC</product><product>S</product></products>\
        </connection><connection><departure>2016-12-23T08:32:00+01:00</departure><platform/>\
        <cancelled>true</cancelled><products/></connection></connections>\
        <note lang="de">Bauarbeiten &amp; &lt;Ersatzbus&gt;</note></schedule>
        """

    static let prettySchedule = """
        <?xml version="1.0" encoding="UTF-8"?>
        <schedule>
          <station>
            <id>8503000</id>
            <name>Zürich HB</name>
            <coordinate>
              <x>47.378177</x>
              <y>8.540192</y>
            </coordinate>
          </station>
          <connections>
            <connection>
              <departure>2016-12-23T08:02:00+01:00</departure>
              <delay>3</delay>
              <platform>31</platform>
              <cancelled>false</cancelled>
              <products>
                <product>IC</product>
                <product>S</product>
              </products>
            </connection>
            <connection>
              <departure>2016-12-23T08:32:00+01:00</departure>
              <platform/>
              <cancelled>true</cancelled>
              <products/>
            </connection>
          </connections>
          <note lang="de">Bauarbeiten &amp; &lt;Ersatzbus&gt;</note>
        </schedule>

        """

    @Test func compactScheduleSnapshot() throws {
        let bytes = XMLRenderer.render(SampleDocuments.schedule)
        #expect(String(decoding: bytes, as: UTF8.self) == Self.compactSchedule)
        _ = try ParsedXML(bytes)
    }

    @Test func prettyScheduleSnapshot() throws {
        let bytes = XMLRenderer.render(SampleDocuments.schedule, pretty: true)
        #expect(String(decoding: bytes, as: UTF8.self) == Self.prettySchedule)
        _ = try ParsedXML(bytes)
    }

    @Test(arguments: [false, true])
    func scheduleReadsBackThroughLibXML2(pretty: Bool) throws {
        let document = try ParsedXML(XMLRenderer.render(SampleDocuments.schedule, pretty: pretty))
        #expect(document.rootName == "schedule")
        #expect(document.childNames(of: "connections") == ["connection", "connection"])
        #expect(document.childNames(of: "products") == ["product", "product"])
        #expect(document.text(of: "name") == "Zürich HB")
        #expect(document.text(of: "delay") == "3")
        #expect(document.text(of: "platform") == "31")
        #expect(document.text(of: "note") == "Bauarbeiten & <Ersatzbus>")
        #expect(document.attribute("lang", of: "note") == "de")
    }

    @Test func listItemsKeepTheirNames() {
        let links = Node.list("links", [
            .element("link", [.leaf("href", "/a")]),
            .element("link", [.leaf("href", "/b")]),
        ])
        #expect(render(links) == "<links><link><href>/a</href></link><link><href>/b</href></link></links>")
    }

    @Test(arguments: [
        (Node.leaf("e", ""), "<e/>"),
        (Node.leaf("e", "\u{1}\u{FFFF}"), "<e/>"),
        (Node.leaf("e", .nan), "<e/>"),
        (Node.element("e", []), "<e/>"),
        (Node.list("e", []), "<e/>"),
        (Node.leaf("e", attributes: [.init("a", "")], ""), #"<e a=""/>"#),
        (Node.element("e", attributes: [.init("a", "1"), .init("b", "2")], []), #"<e a="1" b="2"/>"#),
    ])
    func emptyElementsSelfClose(node: Node, expected: String) throws {
        #expect(render(node) == expected)
        _ = try ParsedXML(XMLRenderer.render(node))
    }

    @Test func prettyEmptyAndNestedLists() {
        let node = Node.list("rows", [.list("row", [.leaf("cell", 1), .leaf("cell", 2)]), .list("row", [])])
        #expect(String(decoding: XMLRenderer.render(node, pretty: true), as: UTF8.self) == """
            <?xml version="1.0" encoding="UTF-8"?>
            <rows>
              <row>
                <cell>1</cell>
                <cell>2</cell>
              </row>
              <row/>
            </rows>

            """)
    }

    /// The rendered document without its XML declaration.
    private func render(_ node: Node) -> String {
        let prefix = #"<?xml version="1.0" encoding="UTF-8"?>"#
        return String(String(decoding: XMLRenderer.render(node), as: UTF8.self).dropFirst(prefix.utf8.count))
    }
}
