import Kernel
import Store
import Testing

@Suite("GTFSTime and service days")
struct GTFSTimeTests {
    @Test("times parse to seconds, past midnight too", arguments: [
        ("0:00:00", 0), ("7:05:09", 25509), ("08:00:00", 28800), ("23:59:59", 86399), ("24:00:00", 86400),
        ("25:10:00", 90600), ("72:00:00", 259_200),
    ])
    func valid(_ text: String, _ seconds: Int) {
        #expect(GTFSTime(text)?.seconds == seconds)
    }

    @Test("malformed and out-of-range times are refused", arguments: [
        "25:61:00", "12:00:60", "72:00:01", "99:00:00", "8:00", "08:00:00:00", "", "ab:cd:ef", "-1:00:00", "8:5:00", "123:00:00",
    ])
    func invalid(_ text: String) {
        #expect(GTFSTime(text) == nil)
    }

    @Test("description keeps hours past 23")
    func description() {
        #expect(GTFSTime(seconds: 90600).description == "25:10:00")
        #expect(GTFSTime(seconds: 3723).description == "01:02:03")
    }

    /// Instants hand-checked with Python's zoneinfo: noon local minus 12 h plus the time.
    @Test("instants across Los Angeles's DST changes follow noon minus 12 h", arguments: [
        (2016, 3, 13, "08:00:00", Int64(1_457_881_200)),  // 08:00 PDT: the day began at 23:00 PST
        (2016, 3, 13, "01:00:00", 1_457_856_000),  // 00:00 PST on the wall clock
        (2016, 11, 6, "08:00:00", 1_478_448_000),  // 08:00 PST: the day began at 01:00 PDT
        (2016, 3, 12, "25:10:00", 1_457_860_200),  // 01:10 PST on the 13th, before the change
        (2016, 11, 5, "25:10:00", 1_478_419_800),  // the first 01:10 (PDT) on the 6th
        (2016, 11, 5, "26:10:00", 1_478_423_400),  // the second 01:10 (PST)
        (2016, 12, 29, "09:00:00", 1_483_030_800),
    ])
    func instants(_ year: Int, _ month: Int, _ day: Int, _ time: String, _ expected: Int64) throws {
        let zone = try ZoneRules.named("America/Los_Angeles")
        let date = try #require(LocalDate(year: year, month: month, day: day))
        let seconds = try #require(GTFSTime(time)).seconds
        #expect(ServiceDay.instant(date: date, seconds: seconds, in: zone) == expected)
    }
}
