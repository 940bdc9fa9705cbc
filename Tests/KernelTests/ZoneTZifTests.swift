import Testing
@testable import Kernel

@Suite("TZif and POSIX TZ parsing")
struct ZoneTZifTests {
    /// One local time type: UTC offset, DST flag, designation index.
    struct TimeType {
        let offset: Int32
        let isDST: UInt8
        let designation: UInt8
    }

    /// Builds a TZif file by hand: a version byte, then the data block (twice from version 2 on) and the footer.
    static func tzif(version: UInt8, transitions: [(Int64, UInt8)], types: [TimeType], names: String, footer: String?) -> [UInt8] {
        func big(_ value: Int64, size: Int) -> [UInt8] {
            (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
        }
        func block(timeSize: Int) -> [UInt8] {
            var bytes: [UInt8] = Array("TZif".utf8) + [version] + [UInt8](repeating: 0, count: 15)
            let nameBytes = Array(names.utf8)
            for count in [0, 0, 0, transitions.count, types.count, nameBytes.count] { bytes += big(Int64(count), size: 4) }
            for (time, _) in transitions { bytes += big(time, size: timeSize) }
            for (_, type) in transitions { bytes.append(type) }
            for type in types { bytes += big(Int64(type.offset), size: 4) + [type.isDST, type.designation] }
            return bytes + nameBytes
        }
        var file = block(timeSize: 4)
        if version >= 0x32 {
            file += block(timeSize: 8)
            file += Array("\n\(footer ?? "")\n".utf8)
        }
        return file
    }

    static let cet = [TimeType(offset: 3600, isDST: 0, designation: 0), TimeType(offset: 7200, isDST: 1, designation: 4)]

    @Test func slimFileUsesTheFooter() throws {
        // Like a "slim" Debian file: no transitions at all, everything comes from the footer.
        let bytes = Self.tzif(version: 0x32, transitions: [], types: [Self.cet[0]], names: "CET\0",
                              footer: "CET-1CEST,M3.5.0,M10.5.0/3")
        let slim = try ZoneRules(name: "Test/Slim", tzif: bytes)
        let zurich = try ZoneRules.named("Europe/Zurich")
        for instant in stride(from: ZoneRulesTests.utc(2026, 1, 1), to: ZoneRulesTests.utc(2027, 1, 1), by: 1800) {
            #expect(slim.offset(atUTC: instant) == zurich.offset(atUTC: instant))
        }
        #expect(slim.instant(ofLocal: ZoneRulesTests.utc(2026, 3, 29, 2, 30)) == ZoneRulesTests.utc(2026, 3, 29, 1, 30))
    }

    @Test func footerTakesOverAfterTheLastTransition() throws {
        // One transition into CEST in 1996, then the footer; before it, type 0.
        let start = ZoneRulesTests.utc(1996, 3, 31, 1)
        let bytes = Self.tzif(version: 0x33, transitions: [(start, 1)], types: Self.cet, names: "CET\0CEST\0",
                              footer: "CET-1CEST,M3.5.0,M10.5.0/3")
        let rules = try ZoneRules(name: "Test/V3", tzif: bytes)
        #expect(rules.offset(atUTC: start - 1) == 3600)
        #expect(rules.offset(atUTC: start) == 7200)
        #expect(rules.offset(atUTC: ZoneRulesTests.utc(2026, 1, 15)) == 3600)
        #expect(rules.offset(atUTC: ZoneRulesTests.utc(2026, 7, 15)) == 7200)
    }

    @Test func versionOneFileHasNoFooter() throws {
        let change = ZoneRulesTests.utc(2000, 1, 1)
        let bytes = Self.tzif(version: 0, transitions: [(change, 1)], types: Self.cet, names: "CET\0CEST\0", footer: nil)
        let rules = try ZoneRules(name: "Test/V1", tzif: bytes)
        #expect(rules.offset(atUTC: change - 1) == 3600)
        #expect(rules.offset(atUTC: ZoneRulesTests.utc(2040, 1, 1)) == 7200)
    }

    @Test func malformedFilesAreRejected() {
        let good = Self.tzif(version: 0x32, transitions: [(0, 1)], types: Self.cet, names: "CET\0CEST\0", footer: "CET-1")
        var badMagic = good
        badMagic[0] = 0x58
        var badIndex = good
        // The v2 block's transition type index (after its 44-byte header and one 8-byte time).
        let v2Start = 44 + 4 + 1 + 12 + 9
        badIndex[v2Start + 44 + 8] = 9
        let cases: [[UInt8]] = [[], Array("TZif".utf8), badMagic, badIndex, Array(good.dropLast(3)),
                                Self.tzif(version: 0x32, transitions: [], types: [Self.cet[0]], names: "", footer: "nonsense"),
                                Self.tzif(version: 0x32, transitions: [(5, 0), (5, 1)], types: Self.cet, names: "", footer: ""),
                                Self.tzif(version: 0x32, transitions: [], types: [], names: "", footer: "")]
        for bytes in cases {
            #expect(throws: ZoneError.self) { try ZoneRules(name: "Test/Bad", tzif: bytes) }
        }
        #expect((try? ZoneRules(name: "Test/Good", tzif: good)) != nil)
        #expect((try? ZoneRules(name: "Test/Good", tzif: good))?.offset(atUTC: 10_000_000) == 3600)
    }

    @Test(arguments: [
        ("CET-1CEST,M3.5.0,M10.5.0/3", 3600, 7200),
        ("PST8PDT,M3.2.0,M11.1.0", -28800, -25200),
        ("<+0330>-3:30", 12600, nil),
        ("<-03>3", -10800, nil),
        ("EST5EDT", -18000, -14400),
        ("<+1245>-12:45<+1345>,M9.5.0/2:45,M4.1.0/3:45", 45900, 49500),
        ("IST-1GMT0,M10.5.0,M3.5.0/1", 3600, 0),
        ("<-02>2<-01>,M3.5.0/-1,M10.5.0/0", -7200, -3600),
        ("XXX3YYY,J60/2,300/-167", -10800, -7200),
    ])
    func posixRules(text: String, standard: Int, daylight: Int?) throws {
        let rule = try #require(PosixZoneRule(text))
        #expect(rule.standardOffset == standard)
        #expect(rule.daylight?.offset == daylight)
    }

    @Test(arguments: ["", "CE", "CET", "CET-25", "CET-1CEST,M3.5.0", "CET-1CEST,M13.5.0,M10.5.0", "CET-1CEST,M3.6.0,M10.5.0",
                      "CET-1CEST,J0,J365", "CET-1CEST,366,1", "<+03", "CET-1CEST,M3.5.0,M10.5.0/168", "CET-1 ", "CET-1:60"])
    func posixRulesRejected(text: String) {
        #expect(PosixZoneRule(text) == nil)
    }

    @Test func posixDayRules() {
        // J60 is always March 1; zero-based 59 is February 29 in leap years; M3.5.0 is the last Sunday of March.
        #expect(PosixZoneRule.days(of: .julianNoLeap(60), year: 2024) == CivilDate.days(year: 2024, month: 3, day: 1))
        #expect(PosixZoneRule.days(of: .zeroBased(59), year: 2024) == CivilDate.days(year: 2024, month: 2, day: 29))
        #expect(PosixZoneRule.days(of: .monthWeekDay(month: 3, week: 5, weekday: 0), year: 2026) == CivilDate.days(year: 2026, month: 3, day: 29))
        #expect(PosixZoneRule.days(of: .monthWeekDay(month: 3, week: 2, weekday: 0), year: 2026) == CivilDate.days(year: 2026, month: 3, day: 8))
        #expect(PosixZoneRule.days(of: .monthWeekDay(month: 2, week: 5, weekday: 0), year: 2026) == CivilDate.days(year: 2026, month: 2, day: 22))
    }
}
