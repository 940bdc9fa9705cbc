/// Wall-clock readings for the services and simulators: the local date and time of an instant in
/// a zone, the time between two ISO 8601 date-times, and the calendar arithmetic behind them.
public enum ZonedTime {
    /// The proleptic Gregorian date `days` days after 1970-01-01 (before it when negative).
    public static func date(fromDays days: Int64) -> (year: Int, month: Int, day: Int) {
        let (year, month, day) = CivilDate.civil(fromDays: days)
        return (Int(year), Int(month), Int(day))
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date.
    public static func days(year: Int, month: Int, day: Int) -> Int64 {
        CivilDate.days(year: Int64(year), month: Int64(month), day: Int64(day))
    }

    /// The number of days in a month of a year.
    public static func daysIn(month: Int, year: Int) -> Int {
        CivilDate.daysIn(month: month, year: year)
    }

    /// The local date (`YYYY-MM-DD`) and time of day (`HH:MM`) at `seconds` since 1970 in `zone`.
    public static func local(atUTC seconds: Int64, in zone: ZoneRules) -> (date: String, time: String)? {
        guard let text = ISODateTime.format(instant: seconds, in: zone) else { return nil }
        let date = text.prefix(10)
        let time = text.dropFirst(11).prefix(5)
        return (String(date), String(time))
    }

    /// `YYYY-MM-DDTHH:MM:SS+01:00` of `seconds` since 1970 in `zone`; nil outside years 1…9999.
    public static func iso8601(atUTC seconds: Int64, in zone: ZoneRules) -> String? {
        ISODateTime.format(instant: seconds, in: zone)
    }

    /// The instant a wall-clock reading means in `zone`: the earlier one in an autumn overlap, the
    /// reading moved on by the gap in a spring one.
    public static func instant(year: Int, month: Int, day: Int, hour: Int, minute: Int, in zone: ZoneRules) -> Int64 {
        zone.instant(ofLocal: days(year: year, month: month, day: day) * 86_400 + Int64(hour * 3600 + minute * 60))
    }

    /// An ISO 8601 date-time (with an offset, `Z`, or none: then read in `zone`) as the same
    /// instant in `zone`'s local time with its offset; nil when it does not parse.
    public static func local(_ text: String, in zone: ZoneRules) -> String? {
        guard let parsed = ISODateTime.parse(text) else { return nil }
        return ISODateTime.format(instant: parsed.instant(in: zone), in: zone)
    }

    /// Seconds since 1970 of an ISO 8601 date-time (a local time without an offset is read in
    /// `zone`); nil when it does not parse.
    public static func instant(_ text: String, in zone: ZoneRules = .utc) -> Int64? {
        ISODateTime.parse(text)?.instant(in: zone)
    }

    /// Seconds from `start` to `end`, two ISO 8601 date-times with offsets (a local time without
    /// one is read in `zone`); nil when either does not parse.
    public static func seconds(from start: String, to end: String, zone: ZoneRules = .utc) -> Int64? {
        guard let first = ISODateTime.parse(start), let second = ISODateTime.parse(end) else { return nil }
        return second.instant(in: zone) - first.instant(in: zone)
    }
}
