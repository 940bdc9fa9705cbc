/// An instant with the UTC offset it is read at: a timetable time such as
/// `2026-12-01T08:02:00+01:00`, kept typed from the scraper to the document writer.
public struct OffsetDateTime: Sendable, Hashable, Comparable {
    /// Seconds since 1970-01-01T00:00:00Z.
    public let instant: Int64
    /// Seconds east of UTC at which the instant is read.
    public let offset: Int

    /// The instant read in `zone`: its offset is the zone's at that instant.
    public init(instant: Int64, in zone: ZoneRules) {
        self.instant = instant
        self.offset = zone.offset(atUTC: instant)
    }

    /// The instant read in `zone`, or nil when its local date lies outside years 1…9999.
    public init?(checking instant: Int64, in zone: ZoneRules) {
        guard instant.magnitude < 1 << 40 else { return nil }
        self.init(checking: instant, offset: zone.offset(atUTC: instant))
    }

    /// The instant read at a fixed offset, or nil when its local date lies outside years 1…9999.
    public init?(checking instant: Int64, offset: Int) {
        guard instant.magnitude < 1 << 40, offset.magnitude < 86_400,
            CivilDate(daysSinceEpoch: floorDivide(instant + Int64(offset), 86_400)) != nil
        else { return nil }
        self.instant = instant
        self.offset = offset
    }

    /// Parses an ISO 8601 date-time (with an offset, `Z`, or none: then read in `zone`) keeping
    /// the offset it was written with; nil when it does not parse or lies outside years 1…9999.
    public init?(_ text: some StringProtocol, in zone: ZoneRules = .utc) {
        guard let parsed = ISODateTime.parse(text) else { return nil }
        let instant = parsed.instant(in: zone)
        guard abs(instant) < 1 << 40 else { return nil }
        self.instant = instant
        self.offset = parsed.offset ?? zone.offset(atUTC: instant)
    }

    /// The same instant in `zone`'s local time.
    public func converted(to zone: ZoneRules) -> OffsetDateTime {
        OffsetDateTime(instant: instant, in: zone)
    }

    /// Seconds from `start` to `end`.
    public static func - (end: OffsetDateTime, start: OffsetDateTime) -> Int64 {
        end.instant - start.instant
    }

    /// Ordered by instant, whatever the offsets.
    public static func < (lhs: OffsetDateTime, rhs: OffsetDateTime) -> Bool {
        lhs.instant < rhs.instant
    }

    /// `YYYY-MM-DDTHH:MM:SS+01:00` (never `Z`), as `ZonedTime.iso8601(atUTC:in:)` writes it;
    /// the epoch outside years 1…9999.
    public var iso8601: String {
        let local = instant + Int64(offset)
        let days = floorDivide(local, 86_400)
        guard abs(instant) < 1 << 40, let date = CivilDate(daysSinceEpoch: days) else { return "1970-01-01T00:00:00+00:00" }
        return "\(date)T\(ISODateTime.clockText(Int(local - days * 86_400)))\(ISODateTime.offsetText(offset))"
    }
}

extension OffsetDateTime: CustomStringConvertible {
    /// The ISO 8601 text.
    public var description: String { iso8601 }
}
