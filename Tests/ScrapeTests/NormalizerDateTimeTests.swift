import Testing
@testable import Scrape
import Kernel

@Suite("Date, time and datetime normalizers")
struct NormalizerDateTimeTests {
    @Test(arguments: [
        ("date(yyyymmdd)", "20161223", "2016-12-23"),
        ("date(dd.mm.yy)", "17.12.17", "2017-12-17"),
        ("date(dd.mm.yy)", "1.2.24", "2024-02-01"),
        ("date(dd.mm.yyyy)", "29.02.2024", "2024-02-29"),
        ("date(mm/dd/yyyy)", "07/01/2015", "2015-07-01"),
        ("date(mm/dd/yyyy)", " 7/1/2015 ", "2015-07-01"),
        ("date(iso)", "2016-12-23", "2016-12-23"),
        ("date(iso)", "2025-03-26T23:26:58.9645445-05:00", "2025-03-26"),
        ("date(iso)", "2026-02-26T20:36:12Z", "2026-02-26"),
    ])
    func dateValid(chain: String, input: String, expected: String) {
        #expect(NormalizerTesting.outcome(chain, input) == expected)
    }

    @Test(arguments: [
        ("date(dd.mm.yyyy)", "31.02.2017"), ("date(dd.mm.yyyy)", "29.02.2023"), ("date(yyyymmdd)", "20161323"),
        ("date(yyyymmdd)", "2016122"), ("date(yyyymmdd)", "201612231"), ("date(dd.mm.yy)", "17.12.2017"),
        ("date(mm/dd/yyyy)", "13/01/2015"), ("date(iso)", "2016-12-23T25:00"), ("date(iso)", "2016-12-23x"),
        ("date(iso)", ""), ("date(iso)", "00000-01-01"), ("date(yyyymmdd)", "00000101"),
    ])
    func dateInvalid(chain: String, input: String) {
        #expect(NormalizerTesting.runError(chain, input)?.hasSuffix("is not a valid \(chain.dropFirst(5).dropLast()) date") == true)
    }

    @Test(arguments: [
        ("14:31", "14:31:00"), ("14:31:05", "14:31:05"), ("7:05", "07:05:00"), ("00:00", "00:00:00"),
        ("00d14:31:00", "14:31:00"), ("01d00:10:00", "00:10:00+1d"), ("2d23:59", "23:59:00+2d"),
        ("04:16:04 PM PDT", "16:16:04"), ("12:00 AM", "00:00:00"), ("12:30 pm", "12:30:00"),
        ("11:59:59 p.m.", "23:59:59"), ("9:05AM", "09:05:00"), ("12:15 PM CET", "12:15:00"),
        ("25:10", "01:10:00+1d"), ("00:10:00+1d", "00:10:00+1d"), ("\u{00A0}14:31\u{00A0}", "14:31:00"),
    ])
    func timeWallClock(input: String, expected: String) {
        #expect(NormalizerTesting.outcome("time", input) == expected)
    }

    @Test(arguments: [
        ("2026-02-26T20:36:12Z", "Europe/Zurich", "2026-02-26T21:36:12+01:00"),
        ("2025-03-26T09:26:58.9645445+01:00", "Europe/Zurich", "2025-03-26T09:26:58+01:00"),
        ("2026-07-01T10:00:00+00:00", "Europe/Zurich", "2026-07-01T12:00:00+02:00"),
        ("2026-07-01T12:00:00", "Europe/Zurich", "2026-07-01T12:00:00+02:00"),
        ("2026-02-26T20:36:12Z", "UTC", "2026-02-26T20:36:12+00:00"),
        ("2026-02-26T20:36:12+0530", "UTC", "2026-02-26T15:06:12+00:00"),
        ("2026-02-26 20:36Z", "America/Los_Angeles", "2026-02-26T12:36:00-08:00"),
    ])
    func timeISO(input: String, zone: String, expected: String) throws {
        let context = NormalizerTestContext(timeZone: try ZoneRules.named(zone))
        #expect(NormalizerTesting.outcome("time", input, context: context) == expected)
    }

    @Test(arguments: ["", "abc", "24:60", "13:00 PM", "00:30 AM", "1:2", "99:00", "48:00", "00d24:00:00", "12:00:61",
                      "12:00 PM Pacific Daylight", "12", "12:00+1", "1d12:00+1d", "2026-02-30T10:00:00Z", "10:00 +01:00"])
    func timeInvalid(input: String) {
        #expect(NormalizerTesting.runError("time", input)
            == "time: \(NormalizerError.quoted(input)) is not a time (expected HH:MM[:SS], DDdHH:MM:SS, hh:mm AM/PM or an ISO datetime)")
    }

    @Test(arguments: [
        ("1483033164", "America/Los_Angeles", "2016-12-29T09:39:24-08:00"),
        (" 1438340497 ", "Europe/Brussels", "2015-07-31T13:01:37+02:00"),
        ("0", "UTC", "1970-01-01T00:00:00+00:00"),
        ("253402300799", "UTC", "9999-12-31T23:59:59+00:00"),
        // Across the autumn change in Los Angeles: the same wall-clock hour twice, told apart by the offset.
        ("1478419200", "America/Los_Angeles", "2016-11-06T01:00:00-07:00"),
        ("1478422800", "America/Los_Angeles", "2016-11-06T01:00:00-08:00"),
    ])
    func epoch(input: String, zone: String, expected: String) throws {
        let context = NormalizerTestContext(timeZone: try ZoneRules.named(zone))
        #expect(NormalizerTesting.outcome("epoch", input, context: context) == expected)
    }

    @Test(arguments: ["", "abc", "-1", "1.5", "253402300800", "99999999999999999999999", "1e9"])
    func epochInvalid(input: String) {
        #expect(NormalizerTesting.outcome("epoch", input).hasPrefix("error: epoch: "))
    }

    /// Runs `datetime(date=$date, after=$previous)` in a zone.
    static func join(_ date: String, _ time: String, zone: ZoneRules, after: String? = nil) -> String {
        var context = NormalizerTestContext(timeZone: zone)
        context.values[.field("date")] = date
        context.values[.previous] = after
        return NormalizerTesting.outcome("time | datetime(date=$date, after=$previous)", time, context: context)
    }

    @Test(arguments: [
        // Winter, summer, and the HAFAS day offset.
        ("2026-01-15", "08:00", nil, "2026-01-15T08:00:00+01:00"),
        ("2026-07-15", "08:00:30", nil, "2026-07-15T08:00:30+02:00"),
        ("2016-12-23", "01d00:10:00", nil, "2016-12-24T00:10:00+01:00"),
        // Spring forward: 02:30 does not exist and moves on by the gap.
        ("2026-03-29", "02:30", nil, "2026-03-29T03:30:00+02:00"),
        ("2026-03-29", "01:59:59", nil, "2026-03-29T01:59:59+01:00"),
        ("2026-03-29", "03:00", nil, "2026-03-29T03:00:00+02:00"),
        // Fall back: 02:30 happens twice, the earlier (summer) one wins.
        ("2026-10-25", "02:30", nil, "2026-10-25T02:30:00+02:00"),
        ("2026-10-25", "03:00", nil, "2026-10-25T03:00:00+01:00"),
        ("2026-10-24", "23:50", nil, "2026-10-24T23:50:00+02:00"),
        ("2026-10-24", "00:10:00+1d", nil, "2026-10-25T00:10:00+02:00"),
        // Midnight rollover against the previous value.
        ("2026-10-24", "00:10", "2026-10-24T23:50:00+02:00", "2026-10-25T00:10:00+02:00"),
        ("2026-10-24", "03:10", "2026-10-24T23:50:00+02:00", "2026-10-25T03:10:00+01:00"),
        ("2026-10-24", "23:40", "2026-10-24T23:50:00+02:00", "2026-10-24T23:40:00+02:00"),
        ("2026-10-24", "11:51", "2026-10-24T23:50:00+02:00", "2026-10-24T11:51:00+02:00"),
        ("2026-10-24", "11:49", "2026-10-24T23:50:00+02:00", "2026-10-25T11:49:00+01:00"),
        ("2026-03-28", "02:30", "2026-03-28T23:00:00+01:00", "2026-03-29T03:30:00+02:00"),
        ("2026-01-01", "08:00", "2026-01-05T07:00:00+01:00", "2026-01-05T08:00:00+01:00"),
        ("2026-01-15", "08:00", "", "2026-01-15T08:00:00+01:00"),
        // Fall back after a value in the first 02:xx: a reading before it is the second occurrence.
        ("2026-10-25", "02:14", "2026-10-25T02:40:00+02:00", "2026-10-25T02:14:00+01:00"),
        ("2026-10-25", "02:50", "2026-10-25T02:40:00+02:00", "2026-10-25T02:50:00+02:00"),
        ("2026-10-25", "02:14", "2026-10-25T02:10:00+01:00", "2026-10-25T02:14:00+01:00"),
        // Full ISO values are only converted.
        ("2026-01-15", "2026-02-26T20:36:12Z", nil, "2026-02-26T21:36:12+01:00"),
        ("2026-01-15", "2026-02-26T20:36:12Z", "2026-12-31T00:00:00Z", "2026-02-26T21:36:12+01:00"),
        ("2026-01-15T09:00:00+01:00", "08:00", nil, "2026-01-15T08:00:00+01:00"),
    ])
    func datetimeZurich(date: String, time: String, after: String?, expected: String) {
        #expect(Self.join(date, time, zone: NormalizerTesting.zurich, after: after) == expected)
    }

    @Test("elapsed picks the occurrence of a twice-read time that lies that long after `after`")
    func datetimeElapsed() {
        var context = NormalizerTestContext(timeZone: NormalizerTesting.zurich)
        context.values[.field("date")] = "2026-10-25"
        context.values[.field("departure")] = "2026-10-25T01:50:00+02:00"
        let chain = "time | datetime(date=$date, after=$departure, elapsed=$span)"
        for (span, expected) in [
            ("PT68M", "2026-10-25T02:58:00+02:00"), ("PT2H8M", "2026-10-25T02:58:00+01:00"),
            // A duration that matches neither occurrence keeps the earlier one.
            ("PT30M", "2026-10-25T02:58:00+02:00"),
        ] {
            context.values[.field("span")] = span
            #expect(NormalizerTesting.outcome(chain, "02:58", context: context) == expected, "\(span)")
        }
        context.values[.field("span")] = "PT1H"
        #expect(NormalizerTesting.outcome(chain, "03:30", context: context) == "2026-10-25T03:30:00+01:00")
        #expect(NormalizerTesting.runError("datetime(date=$date, elapsed=$span)", "08:00", context: context)
            == "datetime: elapsed= needs after=, the time it counts from")
    }

    @Test(arguments: [
        ("2026-03-08", "02:30", nil, "2026-03-08T03:30:00-07:00"),
        ("2026-11-01", "01:30", nil, "2026-11-01T01:30:00-07:00"),
        ("2026-11-01", "02:30", nil, "2026-11-01T02:30:00-08:00"),
        ("2026-07-04", "04:16:04 PM PDT", nil, "2026-07-04T16:16:04-07:00"),
        ("2026-01-04", "11:50 PM", nil, "2026-01-04T23:50:00-08:00"),
        ("2026-01-04", "12:05 AM", "2026-01-04T23:50:00-08:00", "2026-01-05T00:05:00-08:00"),
    ])
    func datetimeLosAngeles(date: String, time: String, after: String?, expected: String) {
        #expect(Self.join(date, time, zone: NormalizerTesting.losAngeles, after: after) == expected)
    }

    @Test func datetimeLiteralDateAndUTC() {
        #expect(NormalizerTesting.outcome("datetime(date=2026-05-01)", "12:00") == "2026-05-01T12:00:00+00:00")
        #expect(NormalizerTesting.outcome("datetime(date='2026-05-01')", "23:59:59+1d") == "2026-05-02T23:59:59+00:00")
        #expect(NormalizerTesting.outcome("datetime(date=9999-12-31)", "00:00+1d") == "error: datetime: \"00:00+1d\" is out of range")
    }

    @Test func datetimeErrors() {
        var context = NormalizerTestContext(timeZone: NormalizerTesting.zurich)
        context.values = [.field("date"): "15.01.2026", .field("ok"): "2026-01-15", .previous: "yesterday"]
        #expect(NormalizerTesting.runError("datetime(date=$date)", "08:00", context: context)
            == "datetime: the date \"15.01.2026\" from $date is not a YYYY-MM-DD date")
        #expect(NormalizerTesting.runError("datetime(date=$ok)", "8 o'clock", context: context)
            == "datetime: \"8 o\'clock\" is not a time")
        #expect(NormalizerTesting.runError("datetime(date=$ok, after=$previous)", "08:00", context: context)
            == "datetime: the value \"yesterday\" of $previous is not a datetime")
    }

    @Test func aChainEndingInADateTimeKeepsItTyped() throws {
        var context = NormalizerTestContext(timeZone: NormalizerTesting.zurich)
        context.values[.field("date")] = "2026-03-29"
        let typed = try NormalizerChain(parsing: "time | datetime(date=$date)").values(["03:10"], in: context)
        guard case .time(let time)? = typed.first, typed.count == 1 else {
            Issue.record("expected one typed time, got \(typed)")
            return
        }
        // 03:10 on the day Zurich moves to summer time is already +02:00.
        #expect(time.iso8601 == "2026-03-29T03:10:00+02:00" && time.offset == 7200)
        #expect(try NormalizerTesting.run("time | datetime(date=$date)", "03:10", context: context) == [time.iso8601])
        // An ISO datetime read by `time` is a typed time in the route's zone; a wall-clock time stays a text.
        guard case .time(let read)? = try NormalizerChain(parsing: "time").values(["2026-12-01T07:02:00Z"], in: context).first else {
            Issue.record("time did not type an ISO datetime")
            return
        }
        #expect(read.iso8601 == "2026-12-01T08:02:00+01:00")
        #expect(try NormalizerChain(parsing: "time").values(["01d00:10:00"], in: context) == [.text("00:10:00+1d")])
        // A step after the datetime reads its text.
        #expect(try NormalizerChain(parsing: "time | datetime(date=$date) | regex('^(....)')").values(["03:10"], in: context) == [.text("2026")])
    }
}
