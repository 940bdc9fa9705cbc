import Testing
@testable import Markup

@Suite struct JSONLineBuilderTests {
    @Test func buildsOneCompactObjectInOrder() {
        var line = JSONLineBuilder()
        line.add("method", "GET")
        line.add("target", "/a?q=\"x\"\\\n")
        line.add("status", 404)
        line.add("duration_ms", thousandths: 1_047)
        line.add("negative_ms", thousandths: -5)
        line.add("completed", false)
        #expect(String(decoding: line.finish(), as: UTF8.self) == """
            {"method":"GET","target":"/a?q=\\"x\\"\\\\\\n","status":404,"duration_ms":1.047,\
            "negative_ms":-0.005,"completed":false}
            """)
    }

    @Test func anEmptyObjectIsTwoBraces() {
        #expect(JSONLineBuilder().finish() == Array("{}".utf8))
    }

    @Test func growsFromATinyCapacityKeyByKey() {
        // Every key lands on a full buffer at some point, so each growth path is taken.
        var line = JSONLineBuilder(capacity: 1)
        var expected = "{"
        for index in 0..<200 {
            line.add("k", index)
            expected += (index == 0 ? "" : ",") + "\"k\":\(index)"
        }
        line.add("a_longer_key_than_the_rest", true)
        expected += ",\"a_longer_key_than_the_rest\":true}"
        #expect(String(decoding: line.finish(), as: UTF8.self) == expected)
    }

    @Test func lendsTheClosedBytesWithoutAnArray() {
        var line = JSONLineBuilder()
        line.add("id", "x")
        let text = line.withClosedBytes { String(decoding: $0, as: UTF8.self) }
        #expect(text == #"{"id":"x"}"#)
    }
}
