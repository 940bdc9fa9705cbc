import Testing
@testable import Scrape
import Kernel

/// Every normalizer against hostile inputs: each must either succeed or throw, never crash or hang.
@Suite("Normalizers on hostile input")
struct NormalizerRobustnessTests {
    static let chains = [
        "trim", "collapse", "lowercase", "uppercase", "int", "decimal", "decimal(comma)", "boolean", "map(a=b)",
        "map(a=b, *=c)", "regex('([0-9]+) min')", "regex('^(\\w+)')", "split(',')", "coordinate(degrees)", "coordinate(micro)",
        "coordinate(lonlat)", "date(yyyymmdd)", "date(dd.mm.yy)", "date(mm/dd/yyyy)", "date(iso)", "time",
        "datetime(date=$date, after=$previous)", "duration", "temperature(unit=$unit, to=f)",
        "url(base=$param.base)", "polyline", "polyline(precision=6)",
    ]

    static let inputs: [String] = [
        "", " ", "\u{00A0}", "\0", "-", "+", ".", ",", ":", "d", "P", "PT", "$", "'", "\\",
        String(repeating: "9", count: 10_000),
        "-" + String(repeating: "9", count: 10_000) + "." + String(repeating: "9", count: 10_000),
        String(repeating: "a", count: 10_000) + "!",
        String(repeating: "é", count: 10_000),
        String(repeating: "👩‍👩‍👧", count: 2_000),
        String(repeating: "\u{0301}", count: 5_000),
        String(repeating: " , ", count: 5_000),
        String(repeating: "/../", count: 3_000),
        String(repeating: "~", count: 10_000),
        String(decoding: [0xFF, 0xFE, 0x31, 0x32, 0xC3, 0x28, 0xED, 0xA0, 0x80], as: UTF8.self),
        "99999999999999999999:99", "9223372036854775807", "-9223372036854775808", "1e308",
        "999d99:99:99", "99:99 PM ZZZZZZZZ", "9999-12-31T23:59:59-18:00", "0001-01-01T00:00:00+18:00",
        "P999999999W999999999DT999999999H999999999M999999999S", "180,180", "NaN", "inf",
        "http://[::1", "//", "?#", "#", "http://", "https:", "a:b:c",
    ]

    @Test(arguments: chains, inputs)
    func neverCrashes(chain: String, input: String) throws {
        var context = NormalizerTestContext(timeZone: NormalizerTesting.zurich)
        context.values = [.field("date"): "2026-03-29", .previous: input, .field("unit"): input,
                          .parameter("base"): "https://example.org/a/b"]
        let parsed = try NormalizerChain(parsing: chain)
        let clock = ContinuousClock()
        let started = clock.now
        do {
            let output = try parsed.apply([input], in: context)
            #expect(output.allSatisfy { $0.utf8.count <= input.utf8.count + 64 } || chain.hasPrefix("map") || chain.hasPrefix("url"))
        } catch {
            #expect(!error.message.isEmpty)
            // Messages quote at most 60 characters of the value.
            #expect(error.message.count < 400)
        }
        #expect(clock.now - started < .seconds(2))
    }

    @Test func extremeInstantsDoNotTrap() {
        let zone = NormalizerTesting.zurich
        for seconds: Int64 in [.min, .min + 1, -(1 << 45) - 1, -1, 0, 1 << 45 + 1, .max - 1, .max] {
            _ = zone.offset(atUTC: seconds)
            _ = zone.instant(ofLocal: seconds)
            _ = ZoneRules.utc.instant(ofLocal: seconds)
        }
        #expect(ISODateTime.format(instant: .max, in: zone) == nil)
    }

    @Test func hostileChainTexts() {
        let texts = [String(repeating: "trim|", count: 2_000) + "trim", String(repeating: "(", count: 5_000),
                     "map(" + String(repeating: "a=b,", count: 3_000) + "a=b)", "regex('" + String(repeating: "\\", count: 999) + "')",
                     "\u{0}", "trim|\u{FEFF}int", "map('\u{0}'=x)"]
        for text in texts {
            _ = NormalizerTesting.loadError(text)
        }
        #expect(NormalizerTesting.loadError(String(repeating: "trim|", count: 2_000) + "trim") == nil)
    }
}
