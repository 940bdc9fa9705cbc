public import Kernel

/// The instants of a service day's times in the agency's zone, by the GTFS reference's rule:
/// a time is measured from "noon minus 12 h" on the service date, not from midnight.
///
/// On most days that is midnight. On a day the clocks change it is not: in Los Angeles on
/// 2016-03-13 it is 23:00 the evening before (PST), so `08:00:00` is 08:00 PDT; on 2016-11-06 it
/// is 01:00 PDT, so `08:00:00` is 08:00 PST. Either way the wall-clock reading of a daytime
/// departure is what the timetable says. (https://gtfs.org/documentation/schedule/reference/#field-types)
///
/// ```swift
/// let zone = try ZoneRules.named("America/Los_Angeles")
/// ServiceDay.instant(date: LocalDate(year: 2016, month: 12, day: 29)!, seconds: 9 * 3600, in: zone)   // 17:00Z
/// ```
public enum ServiceDay {
    /// The instant (seconds since 1970 UTC) `seconds` after the reference time of `date` in `zone`.
    public static func instant(date: LocalDate, seconds: Int, in zone: ZoneRules) -> Int64 {
        reference(days: days(date), in: zone) + Int64(seconds)
    }

    /// The reference instant, noon minus 12 h, of the date `days` days after 1970-01-01 in `zone`.
    public static func reference(days: Int64, in zone: ZoneRules) -> Int64 {
        zone.instant(ofLocal: days * 86_400 + 43_200) - 43_200
    }

    /// Days from 1970-01-01 to `date`.
    static func days(_ date: LocalDate) -> Int64 {
        ZonedTime.days(year: date.year, month: date.month, day: date.day)
    }

    /// The date `days` days after 1970-01-01; nil outside the years `LocalDate` holds.
    public static func date(days: Int64) -> LocalDate? {
        let (year, month, day) = ZonedTime.date(fromDays: days)
        return LocalDate(year: year, month: month, day: day)
    }

    /// The local date in `zone` at an instant, as days after 1970-01-01.
    public static func localDays(atUTC seconds: Int64, in zone: ZoneRules) -> Int64 {
        floorDivide(seconds + Int64(zone.offset(atUTC: seconds)), 86_400)
    }

    /// A GTFS date, `YYYYMMDD`, as the number `yyyymmdd`; nil when it is not a real date.
    static func compactDate(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard bytes.count == 8 else { return nil }
        var value = 0
        for byte in bytes {
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        guard LocalDate(year: value / 10_000, month: value / 100 % 100, day: value % 100) != nil else { return nil }
        return value
    }

    /// `date` as the number `yyyymmdd`, as the database keeps dates.
    static func compact(_ date: LocalDate) -> Int {
        date.year * 10_000 + date.month * 100 + date.day
    }
}
