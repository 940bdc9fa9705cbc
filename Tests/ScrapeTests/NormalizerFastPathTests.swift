import Testing
@testable import Scrape

/// The byte-level fast paths of `collapse` and `trim` agree with the `Character` definitions.
@Suite struct NormalizerFastPathTests {
    static let alphabet: [String] = ["a", "Z", "7", " ", "  ", "\t", "\n", "\r\n", "\u{A0}", "\u{85}", "é", "€", "\u{2003}", "\u{3000}", "ü", "°", "-"]

    /// Deterministic pseudo-random strings over the alphabet (a fixed linear congruential sequence).
    static var inputs: [String] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        return (0..<2_000).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let length = Int(state >> 60)
            return (0..<length).map { index in alphabet[Int((state >> UInt64(index * 4 % 56)) & 0xFF) % alphabet.count] }.joined()
        }
    }

    @Test func collapseMatchesTheCharacterDefinition() {
        for input in Self.inputs {
            let reference = input.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            let fast = CollapseNormalizer.collapsedBytes(input) ?? reference
            #expect(fast == reference, "\(input.debugDescription)")
        }
    }

    @Test func trimMatchesTheCharacterDefinition() {
        for input in Self.inputs {
            let reference: Substring
            if let start = input.firstIndex(where: { !$0.isWhitespace }), let end = input.lastIndex(where: { !$0.isWhitespace }) {
                reference = input[start...end]
            } else {
                reference = ""
            }
            #expect(TrimNormalizer.trimmed(input) == reference, "\(input.debugDescription)")
        }
    }

    @Test func theFastPathIsTakenForPlainText() {
        #expect(CollapseNormalizer.collapsedBytes("Zürich HB") == "Zürich HB")
        #expect(CollapseNormalizer.collapsedBytes("  S      9\n") == "S 9")
        #expect(CollapseNormalizer.collapsedBytes("a\u{A0}b") == nil)
    }

    static let numbers = [
        "0", "-0", "+0", "00", "0.0", "-0.0", "0.5", "-0.5", ".5", "5.", "5", "-5", "10", "010", "1.50", "1.05", "-12.25",
        "14.7", " 14.7", "14.7 ", "1e3", "1,5", "", "-", ".", "--1", "1.2.3", "999999999.9", "1234567890", "12.34", "٣",
    ]

    @Test func aCanonicalDecimalIsWhatTheSlowPathWrites() {
        for text in Self.numbers {
            let slow = DecimalText(text)?.canonical
            #expect(DecimalText.isCanonical(text) == (slow == text), "\(text.debugDescription)")
            #expect(NormalizerTesting.outcome("decimal", text) == (slow ?? "error: decimal: \(NormalizerError.quoted(text)) is not a decimal number"))
        }
    }

    @Test func aTemperatureAlreadyInItsScaleIsKeptAsWritten() {
        for text in Self.numbers where DecimalText.isCanonical(text, maxIntegerDigits: 9, maxFractionDigits: 1) {
            #expect(NormalizerTesting.outcome("temperature(unit=C, to=c)", text) == text)
            #expect(NormalizerTesting.outcome("temperature(unit=celsius, to=f)", text) != text || text == "-40")
        }
        #expect(NormalizerTesting.outcome("temperature(unit=C, to=c)", "12.34") == "12.3")
        #expect(NormalizerTesting.outcome("temperature(unit=C, to=c)", "-0.0") == "0")
        // Ten digits are beyond the fast path; the slow one refuses them as out of range.
        #expect(NormalizerTesting.outcome("temperature(unit=F, to=f)", "1234567890").hasPrefix("error: "))
    }
}
