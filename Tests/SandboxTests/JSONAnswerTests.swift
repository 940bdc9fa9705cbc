@testable import Sandbox
import Testing

@Suite struct JSONAnswerTests {
    @Test(arguments: ["partlycloudy_day", "", "Zürich", "a\"b", "back\\slash", "tab\there", "line\u{2028}end", "€ and –", "\u{1}"])
    func stringsAreWrittenAsTheirLiteral(_ text: String) {
        var json = JSONAnswer()
        json.object { json in json.string(text, text) }
        let literal = JSONAnswer.literal(text)
        #expect(json.bytes == Array("{\(literal):\(literal)}".utf8))
    }
}
