import Testing
import Services

/// Cursors come back as they were made, only for the query they were made for; every other text,
/// and every one-character change to a real cursor, is refused without a crash.
@Suite("Page cursors")
struct PageCursorTests {
    static let scope = "connections\u{1F}Bern\u{1F}Zürich HB\u{1F}"
    static let key = PageKey(instant: 1_764_572_400, second: 1_764_576_000, fingerprint: 0xDEAD_BEEF)

    @Test("a cursor decodes to its direction and key for its own scope, and is URL-safe text")
    func roundTrip() throws {
        for direction in [PageCursor.Direction.later, .earlier] {
            let text = PageCursor(direction: direction, key: Self.key).encoded(scope: Self.scope)
            #expect(text.utf8.allSatisfy { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || ($0 < 128 && Character(Unicode.Scalar($0)).isLetter) || ($0 >= 48 && $0 <= 57) })
            #expect(text.utf8.count <= PageCursor.maxTextLength)
            let cursor = try PageCursor(decoding: text, scope: Self.scope)
            #expect(cursor == PageCursor(direction: direction, key: Self.key))
        }
        // Keys before 1970 and far ahead survive too.
        let odd = PageKey(instant: -86_400, second: Int64.max, fingerprint: 0)
        #expect(try PageCursor(decoding: PageCursor(direction: .later, key: odd).encoded(scope: "b"), scope: "b").key == odd)
    }

    @Test("another scope's cursor is foreign")
    func foreign() {
        let text = PageCursor(direction: .later, key: Self.key).encoded(scope: Self.scope)
        #expect(throws: PageCursor.Problem.foreign) { try PageCursor(decoding: text, scope: Self.scope + "x") }
        #expect(throws: PageCursor.Problem.foreign) { try PageCursor(decoding: text, scope: "board\u{1F}Bern\u{1F}departure") }
    }

    @Test("every one-character change to a cursor is refused")
    func everyMutation() {
        let text = Array(PageCursor(direction: .earlier, key: Self.key).encoded(scope: Self.scope).utf8)
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_=+/. %".utf8)
        var refused = 0
        for index in text.indices {
            for byte in alphabet where byte != text[index] {
                var changed = text
                changed[index] = byte
                let mutated = String(decoding: changed, as: UTF8.self)
                do {
                    _ = try PageCursor(decoding: mutated, scope: Self.scope)
                    Issue.record("accepted \(mutated)")
                } catch {
                    refused += 1
                }
            }
            // Dropped, doubled.
            for changed in [Array(text[..<index] + text[(index + 1)...]), Array(text[...index] + text[index...])] {
                #expect(throws: PageCursor.Problem.self) { try PageCursor(decoding: String(decoding: changed, as: UTF8.self), scope: Self.scope) }
            }
        }
        #expect(refused > text.count * 60)
    }

    @Test("texts that are no cursor are malformed", arguments: [
        "", "A", "AAAA", String(repeating: "A", count: 43), String(repeating: "A", count: 65), "not a cursor", "Zm9vYmFy", "ÿÿÿÿ",
        String(repeating: "_", count: 43),
    ])
    func malformed(text: String) {
        #expect(throws: PageCursor.Problem.self) { try PageCursor(decoding: text, scope: Self.scope) }
    }

    @Test("seeded random texts of every length up to the limit never decode")
    func random() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        for round in 0..<5_000 {
            let length = round % (PageCursor.maxTextLength + 2)
            let text = String(decoding: (0..<length).map { _ in alphabet[Int(next() % UInt64(alphabet.count))] }, as: UTF8.self)
            #expect(throws: PageCursor.Problem.self) { try PageCursor(decoding: text, scope: Self.scope) }
        }
    }
}
