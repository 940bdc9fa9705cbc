import Testing
@testable import Markup

/// Paths of child steps are walked by the evaluator instead of libxml2: they must select exactly
/// what libxml2 selects, and give each node's string value as libxml2's `string()` does. Each path
/// is checked against libxml2's `string((path)[i])` for every node the parenthesized path (which
/// is not a child path) selects.
@Suite struct ChildPathTests {
    @Test func whichExpressionsAreChildPaths() {
        for source in ["a", "a/b", "data/instant/details/air_temperature", "/json/properties", "td/a/@href", "@x", "_a-b.c/d9",
                       "div/and/or"] {
            #expect(ChildPath(source) != nil, "\(source)")
        }
        for source in ["", "/", "//a", "a//b", "a/", "/@x", "a[1]", "(a)", "a/text()", "./a", "../a", "a/*", "o:a", "a/@o:x",
                       " a", "a /b", "$x", "1a", "a/@", "@", "child::a", "a|b", "ä", "a/@x/b"] {
            #expect(ChildPath(source) == nil, "\(source)")
        }
        let path = ChildPath("/json/meta/@key")
        #expect(path?.absolute == true)
        #expect(path?.elements.count == 2)
        #expect(path?.attribute != nil)
    }

    /// Namespaces (default and prefixed, on elements and attributes), mixed content, comments,
    /// CDATA, blank and repeated elements.
    static let xml = """
        <r xmlns:p="urn:p" id="root" p:id="prefixed">
          <a x="1" p:x="p1"><b>first</b><b>  </b><b>third<!-- c --><i>nested</i></b></a>
          <a><b><![CDATA[cdata]]></b></a>
          <p:a><b>in p:a</b></p:a>
          <d xmlns="urn:default"><b>defaulted</b></d>
          <a x="2"><c>text<b>deep</b></c></a>
          <a x=""><b/><b>a &amp; b</b><b>one<![CDATA[two]]></b></a>
        </r>
        """

    static let paths = ["a", "a/b", "/r/a/b", "/r/a/@x", "a/@x", "a/@id", "@id", "/r/@id", "b", "a/c/b", "d/b", "/r", "r", "/r/d",
                        "a/b/i", "/x", "a/c", "/r/p"]

    @Test func walksSelectWhatLibXMLSelects() throws {
        let document = try Document.parse(Array(Self.xml.utf8), as: .xml)
        try Self.compare(document, paths: Self.paths, contexts: ["/r", "/r/a[1]", "/r/a[3]/c"])
    }

    @Test func htmlAndJSONDocuments() throws {
        let html = try Document.parse(Array("<table><tr><td class=x>1<a href='/a'>A</a></td><td> </td><td>3</td></tr></table>".utf8), as: .html)
        try Self.compare(html, paths: ["/html/body/table/tr/td", "td", "td/a/@href", "td/@class", "body/table"], contexts: ["/html", "//tr"])
        let json = try Document.parse(Array(#"{"a": [{"b": 1}, {"b": " "}, {"c": null}], "?x": {"b": "k"}}"#.utf8), as: .json)
        try Self.compare(json, paths: ["/json/a/b", "a/b", "a/c/@null", "_x/b", "_x/@key", "a"], contexts: ["/json"])
    }

    /// Every path, from the document and from each context, gives libxml2's strings and first
    /// non-blank string.
    static func compare(_ document: Document, paths: [String], contexts: [String]) throws {
        let xpath = try XPathEvaluator(document, namespaces: [(prefix: "p", uri: "urn:p")])
        var starts: [DocumentNode?] = [nil]
        for context in contexts { starts += try xpath.nodes(XPathExpression(context)).map { $0 } }
        #expect(starts.count > contexts.count)
        var selected = 0
        for path in paths {
            let walked = try XPathExpression(path)
            let evaluated = try XPathExpression("(\(path))")
            #expect(walked.childPath != nil && evaluated.childPath == nil)
            for start in starts {
                let count = try xpath.nodes(evaluated, at: start).count
                var expected: [String] = []
                for index in 0..<count {
                    expected += try xpath.strings(XPathExpression("string((\(path))[\(index + 1)])"), at: start)
                }
                let strings = try xpath.strings(walked, at: start)
                #expect(strings == expected, "\(path) from \(start?.name ?? "the document")")
                #expect(try xpath.strings(evaluated, at: start) == expected, "(\(path)) from \(start?.name ?? "the document")")
                #expect(try xpath.firstNonBlankString(walked, at: start) == expected.first { !$0.isBlank },
                        "\(path) from \(start?.name ?? "the document")")
                selected += strings.count
            }
        }
        // The comparisons are not all of empty selections.
        #expect(selected > paths.count)
    }

    /// An attribute or text context goes to libxml2, which gives their (empty) child selections.
    @Test func nonElementContextsAreEvaluatedByLibXML() throws {
        let document = try Document.parse(Array("<r a='1'><b>t</b></r>".utf8), as: .xml)
        let xpath = try XPathEvaluator(document)
        let attribute = try #require(try xpath.nodes(XPathExpression("/r/@a")).first)
        #expect(try xpath.strings(XPathExpression("b"), at: attribute).isEmpty)
        let text = try #require(try xpath.nodes(XPathExpression("/r/b/text()")).first)
        #expect(try xpath.strings(XPathExpression("b"), at: text).isEmpty)
        #expect(try xpath.strings(XPathExpression("@a"), at: text).isEmpty)
    }

    /// Evaluations at the same time each take a compiled copy; copies are reused, never more than
    /// were in use at once.
    @Test func compiledCopiesAreReused() throws {
        let expression = try XPathExpression("count(//b)")
        let compiled = expression.compiled
        #expect(compiled.idleCopies == 1)
        let first = try #require(compiled.checkOut())
        let second = try #require(compiled.checkOut())
        #expect(first != second)
        #expect(compiled.idleCopies == 0)
        compiled.checkIn(second)
        compiled.checkIn(first)
        #expect(compiled.idleCopies == 2)
        let document = try Document.parse(Array("<r><b/><b/></r>".utf8), as: .xml)
        let xpath = try XPathEvaluator(document)
        for _ in 0..<3 { #expect(try xpath.strings(expression) == ["2"]) }
        #expect(compiled.idleCopies == 2)
    }
}
