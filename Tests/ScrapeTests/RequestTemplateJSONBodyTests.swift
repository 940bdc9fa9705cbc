import Foundation
import Markup
import Testing
@testable import Scrape

/// `<body format="json">`: values inside string literals are JSON-escaped, values outside them
/// must be numbers, and a template that cannot give JSON stops the route at load.
@Suite struct RequestTemplateJSONBodyTests {
    private func route(_ body: String, charset: String = "") throws -> Route {
        try RouteFixtures.load(RouteFixtures.route(
            extract: #"<record name="r" list="rs" each="/a"><field name="x" xpath="b"/></record>"#,
            parameters: """
                <parameters><parameter name="name" default="Bern"/><parameter name="lat" default="46.9"/>
                <parameter name="via" repeat="3"/></parameters>
                """
        ).replacingOccurrences(#"<request method="GET" url="http://upstream.invalid/x?d={date}"/>"#, """
            <request method="POST" url="http://upstream.invalid/x"><header name="Content-Type">application/json</header><body format="json"\(charset)><![CDATA[\(body)]]></body></request>
            """))
    }

    private static let template = #"{"name":"{name}","at":{"lat":{lat}},"via":[{#via}"{via}",{/via}"end"]}"#

    /// The body sent, parsed back as JSON.
    private func sent(_ values: [String: String]) throws -> [String: Any] {
        try sent([String: RouteParameter.Value](singleValues: values))
    }

    private func sent(_ values: [String: RouteParameter.Value]) throws -> [String: Any] {
        let body = try #require(try route(Self.template).upstreamRequest(values).body)
        return try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
    }

    @Test func stringValuesAreEscapedAndReadBackUnchanged() throws {
        for hostile in [
            #"Say "hi""#, #"back\slash\"#, #"\", "admin": true, "x": ""#, "carriage\rreturn\ttab\u{8}\u{C}", "nul\u{0}bell\u{7}esc\u{1B}del\u{7F}",
            "Zürich – 東京 🚗", "\u{2028}separators\u{2029}", "}]}", "{lat}", "",
        ] {
            let object = try sent(["name": hostile])
            #expect(object["name"] as? String == hostile, "\(hostile.debugDescription)")
            #expect(object.keys.sorted() == ["at", "name", "via"], "\(hostile.debugDescription)")
        }
    }

    @Test func theBytesAreUTF8WithEscapesOnlyWhereJSONNeedsThem() throws {
        let body = try #require(try route(Self.template).upstreamRequest(["name": "Zürich \"HB\"\\\r\u{1}"]).body)
        #expect(String(decoding: body, as: UTF8.self) == #"{"name":"Zürich \"HB\"\\\r\u0001","at":{"lat":46.9},"via":["end"]}"#)
    }

    @Test func numbersOutsideQuotesMustBeJSONNumbers() throws {
        for number in ["0", "-0", "46.94809", "-77.1", "1e-05", "2.5E+3", "180"] {
            let object = try sent(["lat": number])
            #expect(((object["at"] as? [String: Any])?["lat"] as? NSNumber)?.doubleValue == Double(number), "\(number)")
        }
        for bad in ["", "abc", "1,2", "46.9}, \"x\": {\"y\": 1", "NaN", "Infinity", "+1", ".5", "5.", "01", "0x10", "1e", " 1", "1 ",
                    String(repeating: "9", count: 41)] {
            let error = try #require(throws: RequestError.self, "\(bad)") { try route(Self.template).upstreamRequest(["lat": bad]) }
            #expect(error.parameter == "lat")
            #expect(error.message.contains("must be a number"))
        }
    }

    /// A repeatable parameter's values, each written by its section.
    @Test func repeatedValuesGoThroughTheirSectionEscapedEach() throws {
        let object = try sent(["via": .list(["Olten", #"A "B""#, #"C\D"#])])
        #expect(object["via"] as? [String] == ["Olten", #"A "B""#, #"C\D"#, "end"])
    }

    @Test func escapedQuotesInTheTemplateDoNotEndItsStrings() throws {
        let route = try route(#"{"say":"\"{name}\" \\","n":{lat}}"#)
        let body = try #require(try route.upstreamRequest(["name": "a\"b"]).body)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
        #expect(object["say"] as? String == #""a"b" \"#)
        #expect(object["n"] as? Double == 46.9)
    }

    @Test func aTemplateThatCannotGiveJSONStopsTheRoute() throws {
        for (body, problem) in [
            (#"{"name":"{name}""#, "not valid JSON"),
            (#"{"name":{name}"#, "not valid JSON"),
            (#"{"name":"{name}",}"#, "not valid JSON"),
            (#"{"name":"\{name}"}"#, "follows a backslash"),
            (#"<S name="{name}"/>"#, "not valid JSON"),
        ] {
            let error = try #require(throws: RouteCatalog.LoadFailure.self, "\(body)") { try route(body) }
            #expect(error.description.contains(problem), "\(body): \(error)")
        }
        // A JSON body is UTF-8: a charset beside format="json" does not match the schema.
        let charset = try #require(throws: RouteCatalog.LoadFailure.self) { try route(#"{"a":1}"#, charset: #" charset="iso-8859-1""#) }
        #expect(charset.description.contains("route.rng"))
    }

    @Test func theEscapingIsMarkupsJSONEscaping() {
        #expect(JSONRenderer.escaped("a\"b\\c\n\u{0}\u{2028}é") == #"a\"b\\c\n\u0000\u2028é"#)
        #expect(JSONText.isNumber("-12.5e3") && !JSONText.isNumber("-") && !JSONText.isNumber("1.") && !JSONText.isNumber("00"))
    }
}
