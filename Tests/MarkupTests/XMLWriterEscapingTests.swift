import Markup
import Testing

@Suite struct XMLWriterEscapingTests {
    @Test(arguments: HostileText.all)
    func textDropsExactlyTheIllegalCharacters(text: HostileText) throws {
        for pretty in [false, true] {
            let document = try ParsedXML(XMLRenderer.render(.element("root", [.leaf("t", text.input)]), pretty: pretty))
            #expect(document.text(of: "t").map { Array($0.unicodeScalars) } == Array(text.xml.unicodeScalars))
        }
    }

    @Test(arguments: HostileText.all)
    func attributeValuesSurviveNormalisation(text: HostileText) throws {
        let document = try ParsedXML(XMLRenderer.render(.leaf("t", attributes: [.init("a", text.input)], "x")))
        #expect(document.attribute("a", of: "t").map { Array($0.unicodeScalars) } == Array(text.xml.unicodeScalars))
    }

    @Test(arguments: [
        ("&<>", "&amp;&lt;&gt;"),
        (#""'"#, #""'"#),
        ("]]>", "]]&gt;"),
        ("a\tb\nc\rd", "a\tb\nc&#13;d"),
        ("\u{0}\u{8}\u{B}\u{C}\u{1F}", ""),
        ("x\u{FFFE}y\u{FFFF}z\u{FFFD}", "xyz\u{FFFD}"),
        ("plain ascii", "plain ascii"),
    ])
    func textBytes(input: String, expected: String) {
        let bytes = XMLRenderer.render(.leaf("t", input))
        let expectedBytes = #"<?xml version="1.0" encoding="UTF-8"?>"# + (expected.isEmpty ? "<t/>" : "<t>\(expected)</t>")
        #expect(String(decoding: bytes, as: UTF8.self) == expectedBytes)
    }

    @Test(arguments: [
        (#"a"b"#, "a&quot;b"),
        ("'<&>", "'&lt;&amp;&gt;"),
        ("a\tb\nc\rd", "a&#9;b&#10;c&#13;d"),
        ("\u{1}\u{FFFF}", ""),
    ])
    func attributeBytes(input: String, expected: String) {
        let bytes = XMLRenderer.render(.element("t", attributes: [.init("a", input)], []))
        #expect(String(decoding: bytes, as: UTF8.self) == #"<?xml version="1.0" encoding="UTF-8"?><t a="\#(expected)"/>"#)
    }

    @Test(arguments: [
        "<a>\u{1}</a>",
        "<a>&#1;</a>",
        "<a>&</a>",
        "<a>\u{FFFF}</a>",
        "<a><b></a>",
        "<a/><b/>",
    ])
    func libXML2CheckRejectsMalformedDocuments(document: String) {
        #expect(throws: ParsedXML.Failure.self) { _ = try ParsedXML(Array(document.utf8)) }
    }

    @Test func agreesWithNaiveEscapingAtEveryOffset() throws {
        for text in ScanPositions.texts + ScanPositions.mixes {
            let document = #"<?xml version="1.0" encoding="UTF-8"?>"#
            let textOut = String(decoding: XMLRenderer.render(.leaf("t", text)), as: UTF8.self)
            let expectedText = ReferenceEscaping.xml(text, inAttribute: false)
            #expect(textOut == document + (expectedText.isEmpty ? "<t/>" : "<t>\(expectedText)</t>"), "\(Array(text.unicodeScalars))")
            let attributeOut = String(decoding: XMLRenderer.render(.element("t", attributes: [.init("a", text)], [])), as: UTF8.self)
            #expect(attributeOut == document + #"<t a="\#(ReferenceEscaping.xml(text, inAttribute: true))"/>"#)
        }
    }

    @Test func mixesParseBackFiltered() throws {
        for text in ScanPositions.mixes {
            let bytes = XMLRenderer.render(.element("r", [.leaf("t", attributes: [.init("a", text)], text)]))
            let document = try ParsedXML(bytes)
            let expected = String(String.UnicodeScalarView(text.unicodeScalars.filter(ReferenceEscaping.isXMLChar)))
            #expect(document.text(of: "t") == expected)
            #expect(document.attribute("a", of: "t") == expected)
        }
    }
}
