import Kernel

/// A day of the Gregorian calendar, as a timetable names its service days (`20261025`).
///
/// ```swift
/// let day = CalendarDate(year: 2026, month: 10, day: 25)!
/// day.compact            // "20261025"
/// day.adding(days: 1)    // 2026-10-26
/// ```
public struct CalendarDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The year, 1...9999.
    public let year: Int
    /// The month, 1...12.
    public let month: Int
    /// The day of the month, 1...31.
    public let day: Int

    /// A valid calendar date, or nil for 31 February, month 13, year 0 and the like.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...CalendarDate.length(ofMonth: month, in: year)).contains(day) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date a number of days after 1970-01-01 (negative before it).
    public init(daysSinceEpoch: Int) {
        (year, month, day) = ZonedTime.date(fromDays: Int64(daysSinceEpoch))
    }

    /// Reads `YYYYMMDD`, the form HAFAS uses.
    public init?(compact text: String) {
        let digits = Array(text.utf8)
        guard digits.count == 8, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        func number(_ range: Range<Int>) -> Int { range.reduce(0) { $0 * 10 + Int(digits[$1] - 0x30) } }
        self.init(year: number(0..<4), month: number(4..<6), day: number(6..<8))
    }

    /// Days since 1970-01-01.
    public var daysSinceEpoch: Int {
        Int(ZonedTime.days(year: year, month: month, day: day))
    }

    /// The ISO weekday: 1 for Monday … 7 for Sunday.
    public var weekday: Int {
        // Kernel counts from Sunday = 0; ISO from Monday = 1.
        let sundayBased = Int(CivilDate.weekday(ofDays: Int64(daysSinceEpoch)))
        return sundayBased == 0 ? 7 : sundayBased
    }

    /// The date `days` days later (earlier when negative).
    public func adding(days: Int) -> CalendarDate {
        CalendarDate(daysSinceEpoch: daysSinceEpoch + days)
    }

    /// `YYYYMMDD`.
    public var compact: String {
        padded(year, 4) + padded(month, 2) + padded(day, 2)
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2)
    }

    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    static func length(ofMonth month: Int, in year: Int) -> Int {
        ZonedTime.daysIn(month: month, year: year)
    }
}

/// A non-negative number with leading zeros up to `width` digits.
func padded(_ value: Int, _ width: Int) -> String {
    zeroPadded(value, width: width)
}
