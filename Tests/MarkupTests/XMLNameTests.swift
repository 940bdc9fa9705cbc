import Testing
@testable import Markup

@Suite struct XMLNameTests {
    @Test(arguments: ["a", "schedule", "_x", "a-b.c_d:e", "x1", "Straße", "駅", "é", "a\u{B7}b", "ns:tag"])
    func acceptsNames(name: String) {
        #expect(XMLName.isValid(name))
    }

    @Test(arguments: ["", "1a", "-a", ".a", "a b", "a&b", "a<b", "a\"b", "\u{B7}a", "a\u{0}", "a\u{FFFE}", "a/b", "a=b"])
    func rejectsNonNames(name: String) {
        #expect(!XMLName.isValid(name))
    }

    // Names are checked by `assert`, so these traps exist only in debug builds.
    #if DEBUG
    @Test func invalidElementNameTrapsInDebug() async {
        await #expect(processExitsWith: .failure) {
            _ = XMLRenderer.render(.leaf("not a name", "x"))
        }
    }

    @Test func invalidAttributeNameTrapsInDebug() async {
        await #expect(processExitsWith: .failure) {
            _ = XMLRenderer.render(.leaf("ok", attributes: [.init("1st", "x")], "x"))
        }
    }
    #endif
}
