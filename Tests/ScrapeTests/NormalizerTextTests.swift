import Testing
@testable import Scrape

@Suite("Text, number and lookup normalizers")
struct NormalizerTextTests {
    @Test(arguments: [
        ("trim", "  a b  ", "a b"),
        ("trim", "\u{00A0}\t x\ny \n\u{00A0}", "x\ny"),
        ("trim", "", ""),
        ("trim", " \u{00A0} ", ""),
        ("collapse", "  a \u{00A0}\t b\n\n c  ", "a b c"),
        ("collapse", "\u{00A0}", ""),
        ("collapse", "one", "one"),
        ("lowercase", "ÄBC Straße", "äbc straße"),
        ("uppercase", "äbc straße", "ÄBC STRASSE"),
        ("text", "Head <b>north</b> on <b>Bellevue Way NE</b>", "Head north on Bellevue Way NE"),
        ("text", "Turn <b>left</b><div style=\"font-size:0.9em\">Toll road</div>", "Turn left Toll road"),
        ("text", "Take exit <wbr/>13<br>to <b>I-90&nbsp;E</b>", "Take exit 13 to I-90 E"),
        ("text", "a < b &amp; c &gt; d &#252; &#xE9; &bogus; &", "a < b & c > d ü é &bogus; &"),
        ("text", "<div title='x > y'>quoted</div>", "quoted"),
        ("text", "Menin: D&eacute;rangement d'un passage &agrave; niveau &ndash; &laquo;Ecoutez&raquo;", "Menin: Dérangement d'un passage à niveau \u{2013} «Ecoutez»"),
        ("text", "unclosed <b", "unclosed <b"),
        ("text", "", ""),
    ])
    func textHelpers(chain: String, input: String, expected: String) {
        #expect(NormalizerTesting.outcome(chain, input) == expected)
    }

    @Test(arguments: [
        ("007", "7"), ("-0", "0"), ("+0", "0"), ("+5", "5"), ("-12", "-12"), (" 42 ", "42"),
        ("\u{00A0}42\u{00A0}", "42"), ("123456789012345678", "123456789012345678"),
        ("-999999999999999999", "-999999999999999999"), ("-000000000000000000000001", "-1"), ("0", "0"),
    ])
    func intValid(input: String, expected: String) {
        #expect(NormalizerTesting.outcome("int", input) == expected)
    }

    @Test(arguments: [
        ("abc", "int: \"abc\" is not a whole number"),
        ("", "int: \"\" is not a whole number"),
        ("1.0", "int: \"1.0\" is not a whole number"),
        ("1e5", "int: \"1e5\" is not a whole number"),
        ("--1", "int: \"--1\" is not a whole number"),
        ("+", "int: \"+\" is not a whole number"),
        ("1 2", "int: \"1 2\" is not a whole number"),
        ("١٢", "int: \"١٢\" is not a whole number"),
        ("1234567890123456789", "int: \"1234567890123456789\" has more than 18 digits"),
    ])
    func intInvalid(input: String, message: String) {
        #expect(NormalizerTesting.runError("int", input) == message)
    }

    @Test(arguments: [
        ("decimal", "3.50", "3.5"), ("decimal", "-0.0", "0"), ("decimal", ".5", "0.5"), ("decimal", "5.", "5"),
        ("decimal", "007.10", "7.1"), ("decimal", "+1.25", "1.25"), ("decimal", "-.5", "-0.5"), ("decimal", "0", "0"),
        ("decimal", "000", "0"), ("decimal", " 12 ", "12"), ("decimal", "-10", "-10"), ("decimal", "100.000", "100"),
        ("decimal", "123456789012345678901234567890.50", "123456789012345678901234567890.5"),
        ("decimal(comma)", "3,50", "3.5"), ("decimal(comma)", "3.50", "3.5"), ("decimal(comma)", "-0,0", "0"),
    ])
    func decimalValid(chain: String, input: String, expected: String) {
        #expect(NormalizerTesting.outcome(chain, input) == expected)
    }

    @Test(arguments: [
        ("decimal", "3,50"), ("decimal", "."), ("decimal", ""), ("decimal", "1.2.3"), ("decimal", "abc"),
        ("decimal", "1e3"), ("decimal", "-"), ("decimal(comma)", "1,234.5"), ("decimal", "1 000"),
    ])
    func decimalInvalid(chain: String, input: String) {
        #expect(NormalizerTesting.runError(chain, input) == "decimal: \(NormalizerError.quoted(input)) is not a decimal number")
    }

    @Test(arguments: [
        ("true", "true"), ("TRUE", "true"), ("1", "true"), ("yes", "true"), ("Y", "true"), (" on ", "true"),
        ("false", "false"), ("False", "false"), ("0", "false"), ("NO", "false"), ("n", "false"), ("off", "false"),
    ])
    func booleanValid(input: String, expected: String) {
        #expect(NormalizerTesting.outcome("boolean", input) == expected)
    }

    @Test(arguments: ["", "2", "maybe", "yess", "t"])
    func booleanInvalid(input: String) {
        #expect(NormalizerTesting.runError("boolean", input)
            == "boolean: \(NormalizerError.quoted(input)) is not a boolean (expected true/false, 1/0, yes/no, y/n or on/off)")
    }

    static let hafas = "map(1=Train, 2=Train, 4=Train, 8=Train, 16=Train, 32=Train, 64=Bus, 128=Ship, 256=Train, 512=Tram, *=Other)"

    @Test(arguments: [
        (hafas, "1", "Train"), (hafas, " 64 ", "Bus"), (hafas, "128", "Ship"), (hafas, "512", "Tram"),
        (hafas, "1024", "Other"), (hafas, "", "Other"),
        ("map('*'=star)", "*", "star"),
        ("map('*'=star, *=other)", "x", "other"),
        ("map(a='', *=z)", "a", ""),
        ("map('S-Bahn'='S', 'long key, with comma'=L)", "long key, with comma", "L"),
    ])
    func mapValid(chain: String, input: String, expected: String) {
        #expect(NormalizerTesting.outcome(chain, input) == expected)
    }

    @Test func mapWithoutFallback() {
        #expect(NormalizerTesting.runError("map(a=1)", "b") == "map: no entry for \"b\" and no * fallback")
        #expect(NormalizerTesting.runError("map('*'=1)", "b") == "map: no entry for \"b\" and no * fallback")
    }

    @Test(arguments: [
        (#"regex('([0-9]+) min')"#, "in 5 min", ["5"]),
        (#"regex('[0-9]+')"#, "abc 123 def 456", ["123"]),
        (#"regex('([a-z]+)-([0-9]+)', group=2)"#, "x ab-12", ["12"]),
        (#"regex('([a-z]+)-([0-9]+)', group=0)"#, "x ab-12 y", ["ab-12"]),
        (#"regex('(?<word>[a-z]+)')"#, "12 ab", ["ab"]),
        (#"regex('(?:x)([0-9])')"#, "x7", ["7"]),
        (#"regex('\d+')"#, "Gleis 12", ["12"]),
        (#"regex('it\'s (\w+)')"#, "it's fine", ["fine"]),
        (#"regex('[0-9]+')"#, "none", []),
        (#"regex('a(b)?')"#, "a", []),
        (#"regex('x*')"#, "", [""]),
    ])
    func regex(chain: String, input: String, expected: [String]) throws {
        #expect(try NormalizerTesting.run(chain, input) == expected)
    }

    @Test func regexRejectsHugeInputs() {
        let huge = String(repeating: "a", count: 70_000)
        #expect(NormalizerTesting.runError("regex('a')", huge) == "regex: value is too long (70000 bytes, at most 4096)")
        #expect(NormalizerTesting.runError("regex('a')", String(repeating: "é", count: 2_049)) == "regex: value is too long (4098 bytes, at most 4096)")
        #expect(NormalizerTesting.runError("regex('(a)$')", String(repeating: "a", count: 4_096)) == nil)
    }

    @Test func regexCaptureCount() {
        #expect(RegexNormalizer.captureCount(of: "abc") == 0)
        #expect(RegexNormalizer.captureCount(of: "(a)(?:b)(?<c>c)") == 2)
        #expect(RegexNormalizer.captureCount(of: #"\(a\)[(]"#) == 0)
        #expect(RegexNormalizer.captureCount(of: "(?i)(a)") == 1)
    }

    @Test(arguments: [
        #"(a+)+$"#, #"(a*)*b"#, #"(\w+\s?)*$"#, #"((ab)*)+"#, #"(a+){2,}"#, #"(?:x+y?)*z"#, #"(a{1,3})+$"#,
        #"(?<n>a?)*"#, #"((a+)b)+"#, #"(?i:a+)*"#, #"([0-9]+,)*x"#, #"(a+)*?"#,
    ])
    func regexRejectsNestedRepetition(pattern: String) {
        #expect(NormalizerTesting.loadError("regex('\(pattern)')")?.hasPrefix("regex: nested repetition") == true)
    }

    @Test(arguments: [
        #"([0-9]+) min"#, #"(ab)+"#, #"(a+)?"#, #"(a{3})+"#, #"(?>a+)+$"#, #"(a++)+$"#, #"(a+)++$"#, #"(?:[0-9]+,)*+x"#,
        #"[(a+)]+"#, #"\(a+\)+"#, #"\Q(a+)+\E"#, #"(?i)(a+)"#, #"(?#comment)(a)+x"#, #"(a|b)+"#, #"a{2,}b"#, #"(?<x>ab)*"#,
    ])
    func regexAcceptsSafeRepetition(pattern: String) {
        #expect(RegexSafety.nestedRepetition(in: pattern) == nil)
        #expect(NormalizerTesting.loadError("regex('\(pattern)')") == nil)
    }

    @Test func regexNestedRepetitionMessage() {
        #expect(NormalizerTesting.loadError("regex('x(a+)+$')")
            == "regex: nested repetition \"(a+)+\" can take exponential time on hostile input (make the inner repetition atomic, e.g. (?>a+), or possessive, e.g. a++)")
    }

    @Test(arguments: [
        ("split(',')", "5 min, 15 min, Leaving", ["5 min", "15 min", "Leaving"]),
        ("split(',')", ",, a ,,\u{00A0}b ,", ["a", "b"]),
        ("split(' / ')", "S1 / S12 / S3", ["S1", "S12", "S3"]),
        ("split(',')", "single", ["single"]),
        ("split(',')", "", []),
        ("split(';')", " ; ; ", []),
    ])
    func split(chain: String, input: String, expected: [String]) throws {
        #expect(try NormalizerTesting.run(chain, input) == expected)
    }
}
