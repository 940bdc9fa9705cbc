import Testing
@testable import Markup

@Suite struct OutputBufferTests {
    @Test func growsPastItsInitialCapacity() {
        var buffer = OutputBuffer(capacity: 0)
        var expected: [UInt8] = []
        for round in 0..<300 {
            buffer.append(UInt8(round % 256))
            expected.append(UInt8(round % 256))
            buffer.append("<abc>")
            expected += Array("<abc>".utf8)
            buffer.append(String(repeating: "é", count: round % 7))
            expected += Array(String(repeating: "é", count: round % 7).utf8)
            buffer.appendSpaces(round % 5)
            expected += [UInt8](repeating: 32, count: round % 5)
            buffer.appendDecimal(round - 150)
            expected += Array(String(round - 150).utf8)
        }
        buffer.removeLast()
        expected.removeLast()
        #expect(buffer.count == expected.count)
        #expect(buffer.finish() == expected)
    }

    @Test func appendsEmptyPieces() {
        var buffer = OutputBuffer(capacity: 1)
        buffer.append("")
        buffer.append(UnsafeBufferPointer(start: nil, count: 0))
        buffer.appendSpaces(0)
        #expect(buffer.count == 0)
        #expect(buffer.finish() == [])
    }

    @Test(arguments: [1, 100, 2_000])
    func largeDocumentsStayWellFormed(connections: Int) throws {
        let board = Node.element("board", [
            .list("connections", (0..<connections).map { index in
                Node.element("connection", [
                    .leaf("id", index),
                    .leaf("note", "Gleis \(index) & <Ersatz> \"\(index)\""),
                    .list("products", [.leaf("product", "IC"), .leaf("product", "S\(index % 30)")]),
                ])
            }),
        ])
        for pretty in [false, true] {
            let xml = try ParsedXML(XMLRenderer.render(board, pretty: pretty))
            #expect(xml.childNames(of: "connections").count == connections)
            guard case .object(let root) = try JSONValue(parsing: JSONRenderer.render(board, pretty: pretty)),
                  case .object(let boardObject) = root["board"],
                  case .array(let items) = boardObject["connections"] else {
                Issue.record("unexpected JSON shape")
                return
            }
            #expect(items.count == connections)
            #expect(items.last == .object([
                "id": .int(connections - 1),
                "note": .string("Gleis \(connections - 1) & <Ersatz> \"\(connections - 1)\""),
                "products": .array([.string("IC"), .string("S\((connections - 1) % 30)")]),
            ]))
        }
    }
}
