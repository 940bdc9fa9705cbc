import Testing

/// Strings that break naive encoders, with what survives XML 1.0 filtering.
struct HostileText: Sendable, CustomTestStringConvertible {
    var input: String
    /// The text after dropping characters XML 1.0 forbids; JSON must keep `input` unchanged.
    var xml: String

    // Invisible characters would make test names unreadable, so they show as code points.
    var testDescription: String {
        input.unicodeScalars.map { scalar in
            switch scalar.value {
            case 0x00...0x20, 0x7F...0x9F, 0x2028...0x2029, 0xFFFE...0xFFFF:
                "U+" + String(scalar.value, radix: 16, uppercase: true)
            default:
                String(scalar)
            }
        }.joined(separator: " ")
    }

    /// One case per C0 control, written between letters so a dropped one shows as "ab".
    static let controls: [HostileText] = (0x00...0x1F).map { value in
        let scalar = Unicode.Scalar(UInt8(value))
        // XML 1.0 Char: #x9 | #xA | #xD are the only controls below #x20 it allows.
        let kept = [0x09, 0x0A, 0x0D].contains(value)
        return HostileText(input: "a\(scalar)b", xml: kept ? "a\(scalar)b" : "ab")
    }

    static let others: [HostileText] = [
        HostileText(input: "a\u{FFFE}b", xml: "ab"),
        HostileText(input: "a\u{FFFF}b", xml: "ab"),
        HostileText(input: "\u{FFFE}\u{FFFF}", xml: ""),
        HostileText(input: "\u{0}", xml: ""),
        HostileText(input: "\u{0}\u{0}x\u{0}", xml: "x"),
        HostileText(input: "\u{FFFD}\u{FFFC}\u{EFFF}\u{F000}", xml: "\u{FFFD}\u{FFFC}\u{EFFF}\u{F000}"),
        HostileText(input: "\u{D7FF}\u{E000}\u{10000}\u{10FFFF}", xml: "\u{D7FF}\u{E000}\u{10000}\u{10FFFF}"),
        HostileText(input: "\u{7F}\u{80}\u{85}\u{9F}", xml: "\u{7F}\u{80}\u{85}\u{9F}"),
        HostileText(input: "\u{2028}\u{2029}\u{2027}\u{202A}", xml: "\u{2028}\u{2029}\u{2027}\u{202A}"),
        HostileText(input: "]]>", xml: "]]>"),
        HostileText(input: "<![CDATA[x]]><!-- c --><?pi?>", xml: "<![CDATA[x]]><!-- c --><?pi?>"),
        HostileText(input: "&amp;&#0;&#x1;&lt;&", xml: "&amp;&#0;&#x1;&lt;&"),
        HostileText(input: #"say "hi" & 'bye'"#, xml: #"say "hi" & 'bye'"#),
        HostileText(input: "\\ \\\" \\u0000", xml: "\\ \\\" \\u0000"),
        HostileText(input: "line\r\nnext\rlast\n", xml: "line\r\nnext\rlast\n"),
        HostileText(input: "  \t padded \t  ", xml: "  \t padded \t  "),
        HostileText(input: "😀👨‍👩‍👧‍👦🇨🇭", xml: "😀👨‍👩‍👧‍👦🇨🇭"),
        HostileText(input: "مرحبا بالعالم", xml: "مرحبا بالعالم"),
        HostileText(input: "東京駅 ｶﾀｶﾅ 한국어", xml: "東京駅 ｶﾀｶﾅ 한국어"),
        HostileText(input: "e\u{301} Zu\u{308}rich", xml: "e\u{301} Zu\u{308}rich"),
        HostileText(
            input: String(String.UnicodeScalarView((0x00...0x1F).map { Unicode.Scalar(UInt8($0)) }))
                + "\u{FFFE}\u{FFFF}\u{FFFD}",
            xml: "\t\n\r\u{FFFD}"
        ),
    ]

    static let all = controls + others
}
