import Testing
@testable import Markup

@Suite struct XPathEvaluatorTests {
    static let vdv = "http://www.vdv.de/ojp"
    static let siri = "http://www.siri.org.uk/siri"

    /// OJP 1.0 prefixes everything; OJP 2.0 makes the vdv namespace the default one.
    static let prefixed = """
        <siri:OJP xmlns:siri="\(siri)" xmlns:ojp="\(vdv)"><siri:OJPResponse><siri:ServiceDelivery>
        <ojp:OJPTripDelivery><ojp:TripResult><ojp:Trip><ojp:Duration>PT3H8M</ojp:Duration></ojp:Trip></ojp:TripResult>
        </ojp:OJPTripDelivery></siri:ServiceDelivery></siri:OJPResponse></siri:OJP>
        """
    static let defaulted = """
        <OJP xmlns="\(vdv)" xmlns:siri="\(siri)"><OJPResponse><siri:ServiceDelivery>
        <OJPTripDelivery><TripResult><Trip><Duration>PT1H1M48S</Duration></Trip></TripResult>
        </OJPTripDelivery></siri:ServiceDelivery></OJPResponse></OJP>
        """

    @Test(arguments: [(prefixed, "PT3H8M"), (defaulted, "PT1H1M48S")])
    func namespacesBindByURINotByPrefix(document text: String, duration: String) throws {
        let document = try Document.parse(Array(text.utf8), as: .xml)
        let xpath = try XPathEvaluator(document, namespaces: [(prefix: "o", uri: Self.vdv), (prefix: "s", uri: Self.siri)])
        let trips = try xpath.nodes(XPathExpression("//o:OJPTripDelivery/o:TripResult/o:Trip"))
        #expect(trips.count == 1)
        #expect(try xpath.strings(XPathExpression("o:Duration"), at: trips[0]) == [duration])
        #expect(trips[0].name == "Trip")
    }

    @Test func variablesAreFoundOutsideLiteralsOnce() throws {
        let expression = try XPathExpression(#"concat($symbol, '$not', "$nor", $a-b.c, $symbol)[$index]"#)
        #expect(expression.variableNames == ["symbol", "a-b.c", "index"])
        #expect(try XPathExpression("a/b[1]").variableNames.isEmpty)
    }

    @Test func stringVariablesAreBoundAndReplaced() throws {
        let document = try Document.parse(Array("<r><c>x</c></r>".utf8), as: .xml)
        let xpath = try XPathEvaluator(document)
        let expression = try XPathExpression("concat($v, /r/c)")
        xpath.setVariable("v", to: "a")
        #expect(try xpath.strings(expression) == ["ax"])
        xpath.setVariable("v", to: "")
        #expect(try xpath.strings(expression) == ["x"])
    }

    @Test func resultsOfEveryType() throws {
        let document = try Document.parse(Array("<a x=\"1\"><b>2</b><b>3.5</b><b/></a>".utf8), as: .xml)
        let xpath = try XPathEvaluator(document)
        #expect(try xpath.strings(XPathExpression("/a/b")) == ["2", "3.5", ""])
        #expect(try xpath.strings(XPathExpression("sum(/a/b[text()])")) == ["5.5"])
        #expect(try xpath.strings(XPathExpression("count(/a/b) = 3")) == ["true"])
        #expect(try xpath.strings(XPathExpression("concat(/a/@x, '-', /a/b[1])")) == ["1-2"])
        #expect(try xpath.boolean(XPathExpression("/a/c")) == false)
        #expect(try xpath.nodes(XPathExpression("/a/@x")).map { $0.stringValue } == ["1"])
        let root = try #require(document.root)
        #expect(root.attribute("x") == "1")
        #expect(root.attribute("y") == nil)
        #expect(root.line == 1)
    }

    @Test func badExpressionsFailAtCompileOrEvaluation() throws {
        let syntax = try #require(throws: DocumentError.self) { try XPathExpression("//a[") }
        #expect(syntax.kind == .invalidXPath)
        #expect(syntax.message.contains("//a["))
        let document = try Document.parse(Array("<a/>".utf8), as: .xml)
        let xpath = try XPathEvaluator(document)
        let prefix = try #require(throws: DocumentError.self) { try xpath.strings(XPathExpression("//nope:a")) }
        #expect(prefix.kind == .invalidXPath)
        let function = try #require(throws: DocumentError.self) { try xpath.strings(XPathExpression("frobnicate(1)")) }
        #expect(function.kind == .invalidXPath)
        #expect(throws: DocumentError.self) { try xpath.nodes(XPathExpression("count(/a)")) }
    }

    @Test func evaluationWorkIsBounded() throws {
        var limits = DocumentLimits()
        limits.maxXPathOperations = 10_000
        let text = "<r>" + String(repeating: "<a><b/><b/><b/></a>", count: 500) + "</r>"
        let document = try Document.parse(Array(text.utf8), as: .xml, options: ParseOptions(limits: limits))
        let xpath = try XPathEvaluator(document)
        let error = try #require(throws: DocumentError.self) {
            try xpath.strings(XPathExpression("count(//b[count(//a[count(//b) > 0]) > 0])"))
        }
        #expect(error.kind == .xpathLimit)
        #expect(try xpath.strings(XPathExpression("count(/r/a)")) == ["500"])
    }
}
