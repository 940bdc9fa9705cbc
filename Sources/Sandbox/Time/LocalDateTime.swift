import Kernel

/// A wall-clock reading in the timetable's zone (Europe/Zurich): a date and a time of day.
///
/// A reading may not exist (02:30 on the last Sunday of March) or exist twice (02:30 on the last
/// Sunday of October); ``TimetableClock`` decides which instant it means.
public struct LocalDateTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The date.
    public let date: CalendarDate
    /// Seconds since midnight, 0..<86400.
    public let secondOfDay: Int

    /// A reading from a date and the seconds since its midnight.
    public init(date: CalendarDate, secondOfDay: Int) {
        precondition((0..<86_400).contains(secondOfDay), "a time of day is 0..<86400 seconds")
        self.date = date
        self.secondOfDay = secondOfDay
    }

    /// A reading from its parts; nil for an invalid date or time.
    public init?(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int = 0) {
        guard let date = CalendarDate(year: year, month: month, day: day),
              (0..<24).contains(hour), (0..<60).contains(minute), (0..<60).contains(second) else { return nil }
        self.init(date: date, secondOfDay: hour * 3600 + minute * 60 + second)
    }

    /// The reading `seconds` seconds after 1970-01-01T00:00:00 on the same wall clock.
    init(wallSeconds seconds: Int64) {
        let days = floorDivide(seconds, 86_400)
        self.init(date: CalendarDate(daysSinceEpoch: Int(days)), secondOfDay: Int(seconds - days * 86_400))
    }

    /// Seconds since 1970-01-01T00:00:00 on the same wall clock, as if the zone were UTC.
    var wallSeconds: Int64 { Int64(date.daysSinceEpoch) * 86_400 + Int64(secondOfDay) }

    /// The hour, 0...23.
    public var hour: Int { secondOfDay / 3600 }
    /// The minute, 0...59.
    public var minute: Int { secondOfDay / 60 % 60 }
    /// The second, 0...59.
    public var second: Int { secondOfDay % 60 }

    /// `HH:MM`.
    public var clock: String { padded(hour, 2) + ":" + padded(minute, 2) }

    /// `YYYY-MM-DDTHH:MM:SS`.
    public var description: String {
        "\(date)T\(clock):\(padded(second, 2))"
    }

    public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
        lhs.wallSeconds < rhs.wallSeconds
    }
}

/// An instant together with its reading in the timetable's zone.
public struct Moment: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Seconds since 1970-01-01T00:00:00Z.
    public let instant: Int64
    /// The zone's offset from UTC at that instant, in seconds (3600 in winter, 7200 in summer).
    public let utcOffset: Int

    /// The wall-clock reading.
    public var local: LocalDateTime { LocalDateTime(wallSeconds: instant + Int64(utcOffset)) }

    /// `YYYY-MM-DDTHH:MM:SS+01:00`.
    public var iso8601: String {
        let magnitude = abs(utcOffset)
        return local.description + (utcOffset < 0 ? "-" : "+") + padded(magnitude / 3600, 2) + ":" + padded(magnitude / 60 % 60, 2)
    }

    public var description: String { iso8601 }

    public static func < (lhs: Moment, rhs: Moment) -> Bool {
        lhs.instant < rhs.instant
    }
}
