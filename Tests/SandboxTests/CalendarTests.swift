@testable import Sandbox
import Testing

@Suite("Calendar and clock")
struct CalendarTests {
    @Test func datesCountDaysFromTheEpoch() throws {
        #expect(CalendarDate(daysSinceEpoch: 0).description == "1970-01-01")
        let day = try #require(CalendarDate(year: 2026, month: 3, day: 29))
        #expect(CalendarDate(daysSinceEpoch: day.daysSinceEpoch) == day)
        #expect(day.weekday == 7)
        #expect(day.adding(days: 1).weekday == 1)
        #expect(day.compact == "20260329")
        #expect(CalendarDate(compact: "20261025") == CalendarDate(year: 2026, month: 10, day: 25))
        for text in ["20260230", "2026032", "2026-03-29", "2026032a", "20261301"] {
            #expect(CalendarDate(compact: text) == nil, "\(text)")
        }
        // Every day for four centuries survives the round trip, leap days included.
        var previous = CalendarDate(daysSinceEpoch: -146_097)
        for days in -146_096...146_097 {
            let date = CalendarDate(daysSinceEpoch: days)
            #expect(date.daysSinceEpoch == days)
            #expect(previous < date)
            previous = date
            if days % 5000 == 0 { #expect(CalendarDate(year: date.year, month: date.month, day: date.day) == date) }
        }
    }

    @Test func theSwissClockKnowsBothChangesOf2026() throws {
        let clock = TimetableClock.swiss
        #expect(clock.zone.name == "Europe/Zurich")
        let winter = clock.moment(of: try #require(LocalDateTime(year: 2026, month: 3, day: 29, hour: 1, minute: 59)))
        let summer = clock.moment(of: try #require(LocalDateTime(year: 2026, month: 3, day: 29, hour: 3, minute: 0)))
        #expect(winter.iso8601 == "2026-03-29T01:59:00+01:00")
        #expect(summer.iso8601 == "2026-03-29T03:00:00+02:00")
        #expect(summer.instant - winter.instant == 60)
        // 02:30 does not exist that night; it reads as 03:30 summer time.
        let gap = try #require(LocalDateTime(year: 2026, month: 3, day: 29, hour: 2, minute: 30))
        #expect(!clock.exists(gap))
        #expect(clock.moment(of: gap).iso8601 == "2026-03-29T03:30:00+02:00")
        // 02:30 exists twice in October; it reads as the first, summer time.
        let twice = try #require(LocalDateTime(year: 2026, month: 10, day: 25, hour: 2, minute: 30))
        #expect(clock.exists(twice))
        #expect(clock.moment(of: twice).iso8601 == "2026-10-25T02:30:00+02:00")
        #expect(clock.moment(clock.instant(of: twice) + 3600).iso8601 == "2026-10-25T02:30:00+01:00")
    }

    @Test func aDayWithoutAChangeIsComputedAtAFixedOffset() throws {
        let clock = TimetableClock.swiss
        for (date, changes) in [((2026, 3, 29), true), ((2026, 3, 28), true), ((2026, 5, 12), false), ((2026, 10, 25), true)] {
            let day = try #require(CalendarDate(year: date.0, month: date.1, day: date.2))
            let readings = clock.day(day)
            #expect((readings.fixedOffset == nil) == changes)
            for minute in stride(from: 0, to: 29 * 60, by: 7) {
                let wall = LocalDateTime(wallSeconds: Int64(day.daysSinceEpoch) * 86_400 + Int64(minute) * 60)
                let expected = clock.exists(wall) ? clock.instant(of: wall) : nil
                #expect(readings.instant(afterMidnight: minute * 60) == expected, "\(wall)")
            }
        }
    }
}
