import Testing
@testable import Markup

@Suite struct JSONDocumentTests {
    private func document(_ json: String) throws -> Document {
        try Document.parse(Array(json.utf8), as: .json)
    }

    private func strings(_ document: Document, _ xpath: String) throws -> [String] {
        try XPathEvaluator(document).strings(XPathExpression(xpath))
    }

    @Test func objectsArraysAndScalarsMapOntoElements() throws {
        let json = try document("""
            {"code": "Ok", "routes": [{"distance": 1.5e3, "legs": [{"steps": [{"name": "A"}, {"name": "B"}]}]},
             {"distance": 2}], "waypoints": [{"location": [4.351697, 50.846557]}], "ok": true, "none": null,
             "empty": [], "grid": [[1, 2], [3]]}
            """)
        #expect(try strings(json, "/json/code") == ["Ok"])
        #expect(try strings(json, "/json/routes/distance") == ["1500", "2"])
        #expect(try strings(json, "/json/routes[1]/legs/steps/name") == ["A", "B"])
        #expect(try strings(json, "/json/waypoints/location[1]") == ["4.351697"])
        #expect(try strings(json, "/json/waypoints/location[2]") == ["50.846557"])
        #expect(try strings(json, "/json/ok") == ["true"])
        #expect(try strings(json, "/json/none/@null") == ["true"])
        #expect(try strings(json, "count(/json/empty)") == ["0"])
        #expect(try strings(json, "/json/grid[1]/item") == ["1", "2"])
        #expect(try strings(json, "/json/grid[2]/item") == ["3"])
    }

    @Test("a number in exponent form is written in plain decimals, digit for digit; one too long for that stays as it is")
    func exponentNumbersArePlainDecimals() throws {
        let json = try document("""
            {"n": [5.250602341723939E1, 6E0, 0E0, -0.0E0, 3.2E1, 1.5e-3, -2.50E+2, 1.0E-1, 12.5, 1E64, 1E-70, 9E63]}
            """)
        #expect(
            try strings(json, "/json/n") == [
                "52.50602341723939", "6", "0", "0", "32", "0.0015", "-250", "0.1", "12.5", "1E64", "1E-70",
                "9" + String(repeating: "0", count: 63),
            ])
    }

    @Test func keysBecomeXMLNamesAndKeepTheOriginal() throws {
        let json = try document(##"{"?xml": {"@version": "1.0"}, "#cdata-section": "x", "1st": 1, "a b": 2, "": 3, "ü": 4}"##)
        #expect(try strings(json, "/json/_xml/_version") == ["1.0"])
        #expect(try strings(json, "/json/_xml/@key") == ["?xml"])
        #expect(try strings(json, "/json/*[@key='#cdata-section']") == ["x"])
        #expect(try strings(json, "/json/_1st") == ["1"])
        #expect(try strings(json, "/json/a_b/@key") == ["a b"])
        #expect(try strings(json, "/json/_[@key='']") == ["3"])
        #expect(try strings(json, "/json/_[@key='ü']") == ["4"])
    }

    @Test func everyItemOfARenamedArrayKeepsItsKey() throws {
        let json = try document(#"{"a b": [1, {"c": 2}, [3]], "é": ["x", "y"], "ok": [4, 5]}"#)
        #expect(try strings(json, "/json/a_b/@key") == ["a b", "a b", "a b"])
        #expect(try strings(json, "/json/a_b[2]/c") == ["2"])
        #expect(try strings(json, "/json/a_b[3]/item") == ["3"])
        #expect(try strings(json, "/json/_[@key='é']") == ["x", "y"])
        #expect(try strings(json, "count(/json/ok/@key)") == ["0"])
    }

    @Test func longKeysAreCutToTheNameLimit() throws {
        let longest = String(repeating: "k", count: XMLNameMapping.maxLength)
        let json = try document(#"{"\#(longest)": 1, "\#(longest)x": 2, "1\#(longest)": 3}"#)
        #expect(try strings(json, "/json/\(longest)[not(@key)]") == ["1"])
        #expect(try strings(json, "/json/\(longest)[@key='\(longest)x']") == ["2"])
        let digitFirst = "_1" + String(repeating: "k", count: XMLNameMapping.maxLength - 1)
        #expect(try strings(json, "/json/\(digitFirst)/@key") == ["1\(longest)"])
    }

    @Test func topLevelArraysAndScalars() throws {
        #expect(try strings(try document("[1, {\"a\": 2}]"), "/json/item") == ["1", "2"])
        #expect(try strings(try document(" \"text\" "), "/json") == ["text"])
    }

    @Test func stringsAreDecodedToValidUTF8() throws {
        let json = try document(#"{"s": "a\"b\\c\/d\n\u00fc\ud83d\ude80\ud800x\u0000y"}"#)
        #expect(try strings(json, "/json/s") == ["a\"b\\c/d\nü🚀\u{FFFD}xy"])
        let raw = try Document.parse([0x7B, 0x22, 0x73, 0x22, 0x3A, 0x22, 0xFF, 0x61, 0x22, 0x7D], as: .json)
        #expect(try strings(raw, "/json/s") == ["\u{FFFD}a"])
        let latin = try Document.parse(Array("{\"s\":\"Z".utf8) + [0xFC] + Array("rich\"}".utf8), as: .json,
                                       options: ParseOptions(contentType: "application/json; charset=ISO-8859-1"))
        #expect(try strings(latin, "/json/s") == ["Zürich"])
    }

    @Test(arguments: [
        "{", "[1,]", "{\"a\" 1}", "{\"a\":01}", "{\"a\":-}", "{\"a\":1.}", "{\"a\":tru}", "\"unterminated",
        "{\"a\":\"\\x\"}", "{\"a\":\"\u{1}\"}", "[1] 2", "{a:1}", "{\"a\":1,}", "\u{FEFF}",
    ])
    func malformedJSONIsATypedError(text: String) {
        let error = try? #require(throws: DocumentError.self) { try Document.parse(Array(text.utf8), as: .json) }
        #expect(error?.kind == .malformed)
    }
}
