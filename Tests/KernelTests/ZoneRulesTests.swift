import Testing
@testable import Kernel

@Suite("Time-zone rules")
struct ZoneRulesTests {
    /// Seconds since 1970 of a UTC date and time.
    static func utc(_ year: Int64, _ month: Int64, _ day: Int64, _ hour: Int64 = 0, _ minute: Int64 = 0) -> Int64 {
        CivilDate.days(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60
    }

    @Test func calendarArithmetic() {
        // Cross-checked with an independent implementation.
        #expect(Self.utc(2026, 3, 29, 1) == 1_774_746_000)
        #expect(Self.utc(2026, 10, 25, 1) == 1_792_890_000)
        #expect(Self.utc(1970, 1, 1) == 0)
        #expect(CivilDate(daysSinceEpoch: -719_162)?.description == "0001-01-01")
        #expect(CivilDate(daysSinceEpoch: -719_163) == nil)
        #expect(CivilDate.weekday(ofDays: 0) == 4)
    }

    @Test(arguments: [
        ("Europe/Zurich", utc(2026, 3, 29, 0, 59), 3600), ("Europe/Zurich", utc(2026, 3, 29, 1), 7200),
        ("Europe/Zurich", utc(2026, 10, 25, 0, 59), 7200), ("Europe/Zurich", utc(2026, 10, 25, 1), 3600),
        ("Europe/Zurich", utc(2026, 1, 15, 12), 3600), ("Europe/Zurich", utc(2026, 7, 15, 12), 7200),
        ("America/Los_Angeles", utc(2026, 3, 8, 9, 59), -28800), ("America/Los_Angeles", utc(2026, 3, 8, 10), -25200),
        ("America/Los_Angeles", utc(2026, 11, 1, 8, 59), -25200), ("America/Los_Angeles", utc(2026, 11, 1, 9), -28800),
        // 2040 lies after the last transition of even the "fat" files: only the footer rule answers.
        ("Europe/Zurich", utc(2040, 1, 1, 12), 3600), ("Europe/Zurich", utc(2040, 7, 1, 12), 7200),
        ("Europe/Zurich", utc(2040, 3, 25, 0, 59), 3600), ("Europe/Zurich", utc(2040, 3, 25, 1), 7200),
        ("Europe/Zurich", utc(2040, 10, 28, 0, 59), 7200), ("Europe/Zurich", utc(2040, 10, 28, 1), 3600),
        ("America/Los_Angeles", utc(2040, 1, 1, 12), -28800), ("America/Los_Angeles", utc(2040, 7, 1, 12), -25200),
        ("Australia/Sydney", utc(2040, 1, 1, 12), 39600), ("Australia/Sydney", utc(2040, 7, 1, 12), 36000),
        ("Europe/Dublin", utc(2040, 1, 1, 12), 0), ("Europe/Dublin", utc(2040, 7, 1, 12), 3600),
        ("Asia/Kolkata", utc(2040, 7, 1, 12), 19800), ("UTC", utc(2040, 7, 1, 12), 0), ("Etc/UTC", utc(2026, 7, 1), 0),
        ("Europe/Zurich", utc(1850, 1, 1), 2048),
    ])
    func offsets(zone: String, instant: Int64, expected: Int) throws {
        #expect(try ZoneRules.named(zone).offset(atUTC: instant) == expected)
    }

    @Test(arguments: [
        // Normal winter and summer times.
        ("Europe/Zurich", utc(2026, 1, 15, 12), utc(2026, 1, 15, 11)),
        ("Europe/Zurich", utc(2026, 7, 15, 12), utc(2026, 7, 15, 10)),
        // Gap: 02:30 does not exist and means 03:30 CEST = 01:30 UTC.
        ("Europe/Zurich", utc(2026, 3, 29, 2, 30), utc(2026, 3, 29, 1, 30)),
        ("Europe/Zurich", utc(2026, 3, 29, 2), utc(2026, 3, 29, 1)),
        ("Europe/Zurich", utc(2026, 3, 29, 3), utc(2026, 3, 29, 1)),
        // Overlap: 02:30 exists twice, the earlier (CEST) instant wins.
        ("Europe/Zurich", utc(2026, 10, 25, 2, 30), utc(2026, 10, 25, 0, 30)),
        ("Europe/Zurich", utc(2026, 10, 25, 3), utc(2026, 10, 25, 2)),
        ("America/Los_Angeles", utc(2026, 3, 8, 2, 30), utc(2026, 3, 8, 10, 30)),
        ("America/Los_Angeles", utc(2026, 11, 1, 1, 30), utc(2026, 11, 1, 8, 30)),
        ("Europe/Zurich", utc(2040, 3, 25, 2, 30), utc(2040, 3, 25, 1, 30)),
        ("Europe/Zurich", utc(2040, 10, 28, 2, 30), utc(2040, 10, 28, 0, 30)),
        ("UTC", utc(2026, 3, 29, 2, 30), utc(2026, 3, 29, 2, 30)),
    ])
    func instants(zone: String, local: Int64, expected: Int64) throws {
        #expect(try ZoneRules.named(zone).instant(ofLocal: local) == expected)
    }

    /// Every quarter hour of a year either maps back exactly or lies in a gap and moves forward by it.
    @Test(arguments: ["Europe/Zurich", "America/Los_Angeles", "Australia/Sydney", "Europe/Dublin"])
    func localTimesRoundTrip(zone name: String) throws {
        let zone = try ZoneRules.named(name)
        var local = Self.utc(2026, 1, 1)
        var gaps = 0
        while local < Self.utc(2027, 1, 1) {
            let instant = zone.instant(ofLocal: local)
            let back = instant + Int64(zone.offset(atUTC: instant))
            if back != local {
                gaps += 1
                #expect(back == local + 3600)
            }
            local += 900
        }
        #expect(gaps == 4)
    }

    /// The footer rule alone must agree with the transitions the fat files list up to 2037.
    @Test(arguments: ["Europe/Zurich", "America/Los_Angeles", "Australia/Sydney", "Europe/Dublin", "Pacific/Auckland",
                      "America/Santiago", "America/Nuuk", "America/Sao_Paulo", "Asia/Tehran", "Pacific/Chatham"])
    func footerMatchesTransitions(zone name: String) throws {
        let zone = try ZoneRules.named(name)
        let footer = try #require(zone.data.footer)
        var instant = Self.utc(2030, 1, 1)
        while instant < Self.utc(2037, 1, 1) {
            #expect(footer.offset(atUTC: instant) == zone.offset(atUTC: instant), "\(name) at \(instant)")
            instant += 1800
        }
    }

    @Test func utcAndCaching() throws {
        #expect(try ZoneRules.named("UTC") == .utc)
        #expect(ZoneRules.utc.name == "UTC")
        #expect(ZoneRules.utc.offset(atUTC: 1_774_746_000) == 0)
        let first = try ZoneRules.named("Europe/Zurich")
        let second = try ZoneRules.named("Europe/Zurich")
        #expect(first == second)
        #expect(first.name == "Europe/Zurich")
        #expect(first != .utc)
    }

    @Test(arguments: [
        ("../etc/passwd", "time zone name \"../etc/passwd\" is invalid (expected an IANA name such as Europe/Zurich)"),
        ("/etc/passwd", "time zone name \"/etc/passwd\" is invalid (expected an IANA name such as Europe/Zurich)"),
        ("Europe/../../etc/passwd", "time zone name \"Europe/../../etc/passwd\" is invalid (expected an IANA name such as Europe/Zurich)"),
        ("", "time zone name \"\" is invalid (expected an IANA name such as Europe/Zurich)"),
        ("Europe/Zurich ", "time zone name \"Europe/Zurich \" is invalid (expected an IANA name such as Europe/Zurich)"),
        ("Europe//Zurich", "time zone name \"Europe//Zurich\" is invalid (expected an IANA name such as Europe/Zurich)"),
        ("zone.tab", "time zone name \"zone.tab\" is invalid (expected an IANA name such as Europe/Zurich)"),
        ("Europe/", "time zone name \"Europe/\" is invalid (expected an IANA name such as Europe/Zurich)"),
        ("Nope/Nowhere", "unknown time zone \"Nope/Nowhere\""),
        ("Europe", "unknown time zone \"Europe\""),
        ("iso3166_tab", "unknown time zone \"iso3166_tab\""),
        ("leapseconds", "time zone \"leapseconds\" is not a valid TZif file"),
    ])
    func rejectedNames(name: String, message: String) {
        #expect(throws: ZoneError.self) { try ZoneRules.named(name) }
        do {
            _ = try ZoneRules.named(name)
        } catch {
            #expect(error.message == message)
        }
    }
}
