import Testing
@testable import Scrape

@Suite struct RequestTemplateTests {
    private func route(encoding: String = "utf-8", body: String = "", headers: String = "") throws -> Route {
        try RouteFixtures.load(RouteFixtures.route(
            extract: #"<record name="r" list="rs" each="/a"><field name="x" xpath="b"/></record>"#,
            parameters: """
                <parameters><parameter name="date" required="true"/><parameter name="from" encoding="\(encoding)" required="true"/>
                <parameter name="limit" default="4"/></parameters>
                """
        ).replacingOccurrences(#"<request method="GET" url="http://upstream.invalid/x?d={date}"/>"#, """
            <request method="\(body.isEmpty ? "GET" : "POST")" url="http://upstream.invalid/x?d={date}&amp;s={from}&amp;n={limit}">\(headers)\(body)</request>
            """))
    }

    @Test func urlValuesArePercentEncodedInTheirParametersEncoding() throws {
        let utf8 = try route().upstreamRequest(["date": "2026-12-01", "from": "Zürich HB/Süd&x"])
        #expect(utf8.url == "http://upstream.invalid/x?d=2026-12-01&s=Z%C3%BCrich%20HB%2FS%C3%BCd%26x&n=4")
        let latin = try route(encoding: "iso-8859-1").upstreamRequest(["date": "d", "from": "Zürich"])
        #expect(latin.url == "http://upstream.invalid/x?d=d&s=Z%FCrich&n=4")
        let refused = try #require(throws: RequestError.self) { try route(encoding: "iso-8859-1").upstreamRequest(["date": "d", "from": "Łódź"]) }
        #expect(refused.parameter == "from")
    }

    @Test func missingAndUnknownParametersAreRefused() throws {
        let missing = try #require(throws: RequestError.self) { try route().upstreamRequest(["date": "d"]) }
        #expect(missing.description == "parameter from: is required")
        let unknown = try #require(throws: RequestError.self) { try route().upstreamRequest(["date": "d", "from": "a", "zzz": "1"]) }
        #expect(unknown.parameter == "zzz")
    }

    @Test func bodyValuesAreXMLEscapedAndEncoded() throws {
        let route = try route(body: #"<body charset="iso-8859-1"><![CDATA[<S name="{from}" n="{limit}"/>]]></body>"#)
        let request = try route.upstreamRequest(["date": "d", "from": "A&B \"Zürich\" <€>"])
        #expect(request.method == "POST")
        let expected: [UInt8] = Array("<S name=\"A&amp;B &quot;Z".utf8) + [0xFC] + Array("rich&quot; &lt;&#8364;&gt;\" n=\"4\"/>".utf8)
        #expect(request.body == expected)
    }

    @Test func headerValuesMustStayOneLine() throws {
        let route = try route(headers: #"<header name="X-Station">{from}</header>"#)
        #expect(try route.upstreamRequest(["date": "d", "from": "Bern"]).headers == [.init(name: "X-Station", value: "Bern")])
        #expect(throws: RequestError.self) { try route.upstreamRequest(["date": "d", "from": "Bern\r\nX-Evil: 1"]) }
    }

    @Test func bracesThatAreNotPlaceholdersStayText() {
        #expect(RequestTemplate.placeholders(in: #"{"x":{from},"y":{ "z" },"w":{}} {a b} {limit}"#) == ["from", "limit"])
        #expect(RequestTemplate.placeholders(in: "{{date}}") == ["date"])
        #expect(RequestTemplate.placeholders(in: "{") == [])
    }

    @Test func aJSONBodyKeepsItsBracesAndFillsItsPlaceholders() throws {
        let route = try route(body: #"<body charset="utf-8">{"from":"{from}","n":{limit},"o":{}}</body>"#)
        let request = try route.upstreamRequest(["date": "d", "from": "Bern"])
        #expect(request.body.map { String(decoding: $0, as: UTF8.self) } == #"{"from":"Bern","n":4,"o":{}}"#)
    }

    private func viaRoute(body: String) throws -> Route {
        try RouteFixtures.load(RouteFixtures.route(
            extract: #"<record name="r" list="rs" each="/a"><field name="x" xpath="b"/></record>"#,
            parameters: """
                <parameters><parameter name="date" default="d"/><parameter name="via" repeat="3" default=""/>
                <parameter name="mode"/></parameters>
                """
        ).replacingOccurrences(#"<request method="GET" url="http://upstream.invalid/x?d={date}"/>"#, """
            <request method="POST" url="http://upstream.invalid/x?d={date}{#mode}&amp;m={mode}{/mode}"><body charset="utf-8"><![CDATA[\(body)]]></body></request>
            """))
    }

    @Test func aSectionIsWrittenOncePerValueAndLeftOutWithoutOne() throws {
        let route = try viaRoute(body: #"<A/>{#via}<Via name="{via}"/>{/via}<B/>"#)
        let three = try route.upstreamRequest(["via": .list(["Olten", "Aarau & Baden", "Brugg"])])
        #expect(three.body.map { String(decoding: $0, as: UTF8.self) } == #"<A/><Via name="Olten"/><Via name="Aarau &amp; Baden"/><Via name="Brugg"/><B/>"#)
        let none = try route.upstreamRequest([String: RouteParameter.Value]())
        #expect(none.body.map { String(decoding: $0, as: UTF8.self) } == "<A/><B/>")
        #expect(none.url == "http://upstream.invalid/x?d=d")
        // A section of a single-valued parameter is an optional part.
        #expect(try route.upstreamRequest(["mode": "rail bus"]).url == "http://upstream.invalid/x?d=d&m=rail%20bus")
    }

    /// The cache key is made of the request built, so the same values give the same key however they came.
    @Test func oneValueAndAListOfItAreTheSameRequest() throws {
        let route = try viaRoute(body: #"<A/>{#via}<Via name="{via}"/>{/via}<B/>"#)
        #expect(try route.upstreamRequest(["via": "Olten"]) == route.upstreamRequest(["via": .list(["Olten"])]))
        #expect(try route.upstreamRequest(["via": .list([])]) == route.upstreamRequest([String: String]()))
        #expect(try route.upstreamRequest(["via": .list(["Olten", ""])]) == route.upstreamRequest(["via": .list(["Olten"])]))
    }

    @Test func tooManyValuesOrLinesInASingleValueAreRefused() throws {
        let route = try viaRoute(body: #"{#via}<Via name="{via}"/>{/via}"#)
        let many = try #require(throws: RequestError.self) { try route.upstreamRequest(["via": .list(["a", "b", "c", "d"])]) }
        #expect(many == RequestError(parameter: "via", message: "takes at most 3 values, not 4"))
        let lines = try #require(throws: RequestError.self) { try route.upstreamRequest(["mode": "a\nb"]) }
        #expect(lines.parameter == "mode")
        let list = try #require(throws: RequestError.self) { try route.upstreamRequest(["mode": .list(["a", "b"])]) }
        #expect(list == RequestError(parameter: "mode", message: "takes one value, not a list"))
    }

    @Test func sectionsThatDoNotFitTogetherStopTheRoute() throws {
        for (body, problem) in [
            (#"<Via name="{via}"/>"#, "only appear inside {#via}"),
            (#"{#via}<Via name="{via}"/>"#, "is not closed"),
            (#"{#via}{#mode}{/mode}{/via}"#, "do not nest"),
            (#"{/via}"#, "closes no open"),
        ] {
            let error = try #require(throws: RouteCatalog.LoadFailure.self) { try viaRoute(body: body) }
            #expect(error.description.contains(problem), "\(body): \(error)")
        }
        #expect(RequestTemplate.placeholders(in: "{#via}{via}{/via}{#x y}") == ["via", "via"])
    }
}
