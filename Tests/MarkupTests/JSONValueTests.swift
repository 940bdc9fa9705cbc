import Foundation
import Markup
import Testing

@Suite struct JSONValueTests {
    @Test func membersKeepTheirOrderAndStringsAreEscaped() {
        let value: Markup.JSONValue = ["z": "a\"b\n", "a": [1, 2.5, true, .null], "m": [:]]
        #expect(String(decoding: Markup.JSONValue.render(value), as: UTF8.self) == #"{"z":"a\"b\n","a":[1,2.5,true,null],"m":{}}"#)
    }

    @Test func prettyOutputParsesBackToTheSameValues() throws {
        let value: Markup.JSONValue = ["paths": ["/api": ["get": ["summary": "The endpoints."]]], "n": 3]
        let text = Markup.JSONValue.render(value, pretty: true)
        #expect(text.last == UInt8(ascii: "\n"))
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(text)) as? [String: Any])
        #expect(parsed["n"] as? Int == 3)
        #expect(((parsed["paths"] as? [String: Any])?["/api"] as? [String: Any])?["get"] != nil)
        #expect(value["paths"]?["/api"]?["get"]?["summary"] == "The endpoints.")
        #expect(value["missing"] == nil)
    }
}
