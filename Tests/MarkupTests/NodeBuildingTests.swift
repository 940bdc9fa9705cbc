import Markup
import Testing

@Suite struct NodeBuildingTests {
    @Test func leavesTakeEachValueType() {
        #expect(Node.leaf("a", "x") == Node(name: "a", content: .value(.string("x"))))
        #expect(Node.leaf("a", 3) == Node(name: "a", content: .value(.int(3))))
        #expect(Node.leaf("a", 1.5) == Node(name: "a", content: .value(.double(1.5))))
        #expect(Node.leaf("a", true) == Node(name: "a", content: .value(.bool(true))))
        #expect(Node.leaf("a", .int(3)) == Node.leaf("a", 3))
        let value: Node.Value = "x"
        #expect(Node.leaf("a", value) == Node.leaf("a", "x"))
    }

    @Test func optionalLeavesVanishWhenNil() {
        let delay: Int? = nil
        let platform: String? = "7"
        let speed: Double? = nil
        let cancelled: Bool? = false
        let value: Node.Value? = nil
        let node = Node.element("stop", [
            .leaf("name", "Bern"),
            .leaf("delay", delay),
            .leaf("platform", platform),
            .leaf("speed", speed),
            .leaf("cancelled", cancelled),
            .leaf("extra", value),
            nil,
        ])
        #expect(node == .element("stop", [.leaf("name", "Bern"), .leaf("platform", "7"), .leaf("cancelled", false)]))
    }

    @Test func optionalLeafKeepsAttributes() {
        let code: String? = "x"
        #expect(Node.leaf("e", attributes: [.init("k", "v")], code) == Node(
            name: "e", attributes: [Node.Attribute("k", "v")], content: .value(.string("x"))
        ))
    }

    @Test func containersKeepOrderAndKind() {
        let items = [Node.leaf("b", 1), .leaf("a", 2)]
        #expect(Node.element("o", items).content == .children(items))
        #expect(Node.list("l", items).content == .list(items))
        #expect(Node.element("o", items) != Node.list("o", items))
        #expect(Node.element("o", attributes: [.init("x", "1")], items).attributes == [.init("x", "1")])
    }

    @Test func equalityComparesAttributesInOrder() {
        let ab = Node.element("e", attributes: [.init("a", "1"), .init("b", "2")], [])
        let ba = Node.element("e", attributes: [.init("b", "2"), .init("a", "1")], [])
        #expect(ab != ba)
        #expect(ab == Node.element("e", attributes: [.init("a", "1"), .init("b", "2")], []))
    }
}
