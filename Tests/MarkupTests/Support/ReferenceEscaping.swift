/// Deliberately naive escapers, one scalar at a time, written from the specs; the fast
/// word-at-a-time writers must agree with them on every input.
enum ReferenceEscaping {
    /// XML 1.0 Char production.
    static func isXMLChar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF:
            true
        default:
            false
        }
    }

    static func xml(_ text: String, inAttribute: Bool) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += inAttribute ? "&quot;" : "\""
            case "\t": result += inAttribute ? "&#9;" : "\t"
            case "\n": result += inAttribute ? "&#10;" : "\n"
            case "\r": result += "&#13;"
            default:
                if isXMLChar(scalar) {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    static func json(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{8}": result += "\\b"
            case "\u{C}": result += "\\f"
            case "\u{2028}": result += "\\u2028"
            case "\u{2029}": result += "\\u2029"
            case "\u{0}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

/// Texts that put each awkward character at every offset around the 8-byte scanning steps.
enum ScanPositions {
    /// Characters the scanners must stop at, plus look-alikes sharing their lead byte.
    static let probes: [Unicode.Scalar] = [
        "\u{0}", "\u{1}", "\t", "\n", "\r", "\u{1F}", " ", "\"", "&", "<", ">", "\\", "'", "\u{7F}",
        "é", "€", "\u{2028}", "\u{2029}", "\u{202F}", "\u{E000}", "\u{F000}", "\u{FFFD}", "\u{FFFE}", "\u{FFFF}", "😀",
    ]

    static let texts: [String] = (0...19).flatMap { length in
        (0..<max(length, 1)).flatMap { offset in
            probes.map { probe in
                var text = String(repeating: "a", count: offset)
                text.unicodeScalars.append(probe)
                return text + String(repeating: "b", count: max(0, length - offset - 1))
            }
        }
    }

    /// Random mixes of the probes and plain letters, reproducible from a fixed seed.
    static let mixes: [String] = {
        var generator = SplitMix64(seed: 0x5EED)
        let alphabet = probes + ["a", "b", "Z", "0", "ü", "東"]
        return (0..<400).map { _ in
            let length = Int(generator.next() % 40)
            var text = ""
            for _ in 0..<length {
                text.unicodeScalars.append(alphabet[Int(generator.next() % UInt64(alphabet.count))])
            }
            return text
        }
    }()
}

/// A tiny seeded generator, so that the random test inputs are the same on every run.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
