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

    @Test func aCoordinatePairSplitsAsTheCharacterDefinitionDoes() {
        let alphabet = ["1", "-2.5", ",", " ", "\t", "\r\n", "\u{0B}", "\u{A0}", "\u{1F}", "x"]
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        var taken = 0
        for _ in 0..<3_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let length = Int(state >> 61) + 1
            let input = (0..<length).map { index in alphabet[Int((state >> UInt64(index * 5 % 50)) & 0xFF) % alphabet.count] }.joined()
            let text = TrimNormalizer.trimmed(input)
            let parts = text.split(whereSeparator: { $0 == "," || $0.isWhitespace })
            let isPair = parts.count == 2 && text.filter({ $0 == "," }).count <= 1
            let fast = CoordinateNormalizer.asciiPair(text)
            if let fast {
                taken += 1
                #expect(isPair && fast.0 == parts[0] && fast.1 == parts[1], "\(input.debugDescription)")
            } else {
                // Only text beyond ASCII, or no pair, is left to the general split.
                #expect(!isPair || !text.utf8.allSatisfy { $0 < 0x80 }, "\(input.debugDescription)")
            }
        }
        #expect(taken > 100)
    }

    @Test func scaledNumbersAreWrittenAsDigitByDigitArithmeticWritesThem() {
        // The plain definition: the whole part, then the fraction padded to its width with its
        // trailing zeros dropped.
        func reference(_ value: Int64, _ decimals: Int) -> String {
            var divisor: UInt64 = 1
            for _ in 0..<decimals { divisor *= 10 }
            let magnitude = value.magnitude
            var fraction = decimals == 0 ? "" : String(magnitude % divisor)
            fraction = String(repeating: "0", count: decimals - fraction.count) + fraction
            while fraction.last == "0" { fraction.removeLast() }
            return (value < 0 ? "-" : "") + String(magnitude / divisor) + (fraction.isEmpty ? "" : "." + fraction)
        }
        var values: [Int64] = [0, 1, -1, 9, 10, -10, 100, 7_278_206, -122_419_000, 47_000_000, 180_000_000, 5, 50, 500_000, .max, .min, .min + 1]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<500 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            values.append(Int64(bitPattern: state) >> Int64(state % 60))
        }
        for value in values {
            for decimals in 0...18 {
                #expect(formatScaled(value, decimals: decimals) == reference(value, decimals), "\(value) \(decimals)")
            }
            #expect(formatScaledPair(value, value / -3, decimals: 6) == reference(value, 6) + "," + reference(value / -3, 6))
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
