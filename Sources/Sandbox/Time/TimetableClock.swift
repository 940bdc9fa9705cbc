public import Kernel

/// Converts between instants and wall-clock readings in the timetable's zone.
public struct TimetableClock: Sendable {
    /// The zone's rules (Europe/Zurich unless a test says otherwise).
    public let zone: ZoneRules

    /// A clock for a zone.
    public init(zone: ZoneRules) {
        self.zone = zone
    }

    /// The clock of the Swiss timetable; UTC when the system has no tz database (then every
    /// offset is +00:00, which tests would notice).
    public static let swiss = TimetableClock(zone: (try? ZoneRules.named("Europe/Zurich")) ?? .utc)

    /// The moment of an instant.
    public func moment(_ instant: Int64) -> Moment {
        Moment(instant: instant, utcOffset: zone.offset(atUTC: instant))
    }

    /// The instant a reading means: a reading in the spring-forward gap moves on by the gap, one
    /// in the autumn overlap is the earlier instant (summer time), as HAFAS local times are read.
    public func instant(of local: LocalDateTime) -> Int64 {
        zone.instant(ofLocal: local.wallSeconds)
    }

    /// The moment a reading means (see ``instant(of:)``).
    public func moment(of local: LocalDateTime) -> Moment {
        moment(instant(of: local))
    }

    /// Whether the reading happens at all (false inside the spring-forward gap).
    public func exists(_ local: LocalDateTime) -> Bool {
        moment(of: local).local == local
    }

    /// Instants of readings on one day, computed cheaply when the offset does not change that day.
    func day(_ date: CalendarDate) -> Day {
        let start = Int64(date.daysSinceEpoch) * 86_400
        // A day's readings reach 29 hours for the night runs of a service day.
        let before = zone.offset(atUTC: start - 14 * 3600)
        let after = zone.offset(atUTC: start + 36 * 3600)
        return Day(clock: self, start: start, fixedOffset: before == after ? before : nil)
    }

    /// One day's readings: `wallSeconds` counts from that day's midnight and may pass 24 hours.
    struct Day {
        let clock: TimetableClock
        let start: Int64
        let fixedOffset: Int?

        /// The instant of a reading `seconds` after the day's midnight, or nil when it does not exist.
        func instant(afterMidnight seconds: Int) -> Int64? {
            let wall = start + Int64(seconds)
            if let fixedOffset { return wall - Int64(fixedOffset) }
            let instant = clock.zone.instant(ofLocal: wall)
            return instant + Int64(clock.zone.offset(atUTC: instant)) == wall ? instant : nil
        }
    }
}
