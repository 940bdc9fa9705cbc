import Markup
import Testing

@Suite struct JSONWriterEscapingTests {
    @Test(arguments: HostileText.all)
    func stringsRoundTripExactly(text: HostileText) throws {
        for pretty in [false, true] {
            let node = Node.element("root", attributes: [.init("a", text.input)], [.leaf("t", text.input)])
            let parsed = try JSONValue(parsing: JSONRenderer.render(node, pretty: pretty))
            #expect(parsed == .object(["root": .object(["a": .string(text.input), "t": .string(text.input)])]))
            let object = try JSONValue(parsing: JSONRenderer.renderObject([(text.input, .string(text.input))], pretty: pretty))
            #expect(object == .object([text.input: .string(text.input)]))
        }
    }

    @Test(arguments: [
        ("\"\\/", #"\"\\/"#),
        ("\u{8}\u{C}\n\r\t", #"\b\f\n\r\t"#),
        ("\u{0}\u{1}\u{B}\u{1F}", #"\u0000\u0001\u000b\u001f"#),
        ("\u{2028}\u{2029}", #"\u2028\u2029"#),
        ("\u{2027}\u{202A}\u{20AC}", "\u{2027}\u{202A}\u{20AC}"),
        ("\u{7F}\u{FFFE}\u{FFFF}", "\u{7F}\u{FFFE}\u{FFFF}"),
        ("😀 東京 مرحبا", "😀 東京 مرحبا"),
        ("<&>]]>", "<&>]]>"),
    ])
    func escapeBytes(input: String, expected: String) {
        #expect(String(decoding: JSONRenderer.render(.leaf("s", input)), as: UTF8.self) == #"{"s":"\#(expected)"}"#)
    }

    @Test func agreesWithNaiveEscapingAtEveryOffset() throws {
        for text in ScanPositions.texts + ScanPositions.mixes {
            let out = String(decoding: JSONRenderer.render(.leaf("s", text)), as: UTF8.self)
            #expect(out == #"{"s":"\#(ReferenceEscaping.json(text))"}"#, "\(Array(text.unicodeScalars))")
        }
    }

    @Test func mixesRoundTripThroughJSONSerialization() throws {
        for text in ScanPositions.mixes {
            let parsed = try JSONValue(parsing: JSONRenderer.render(.element("r", attributes: [.init("a", text)], [.leaf("t", text)])))
            #expect(parsed == .object(["r": .object(["a": .string(text), "t": .string(text)])]))
        }
    }
}
