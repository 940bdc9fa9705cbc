/// Wall-clock readings for the services: the local date and time of an instant in a zone, and the
/// time between two ISO 8601 date-times.
public enum ZonedTime {
    /// The local date (`YYYY-MM-DD`) and time of day (`HH:MM`) at `seconds` since 1970 in `zone`.
    public static func local(atUTC seconds: Int64, in zone: ZoneRules) -> (date: String, time: String)? {
        guard let text = ISODateTime.format(instant: seconds, in: zone) else { return nil }
        let date = text.prefix(10)
        let time = text.dropFirst(11).prefix(5)
        return (String(date), String(time))
    }

    /// Seconds from `start` to `end`, two ISO 8601 date-times with offsets (a local time without
    /// one is read in `zone`); nil when either does not parse.
    public static func seconds(from start: String, to end: String, zone: ZoneRules = .utc) -> Int64? {
        guard let first = ISODateTime.parse(start), let second = ISODateTime.parse(end) else { return nil }
        return second.instant(in: zone) - first.instant(in: zone)
    }
}
