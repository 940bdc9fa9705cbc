/// Time-zone rules read from the system tz database (/usr/share/zoneinfo, TZif v1/v2/v3 incl. the POSIX TZ footer string for dates after the last transition — Debian's files may be "slim", so the footer is required).
public struct ZoneRules: Sendable, Equatable {
    /// Coordinated Universal Time, available without the tz database.
    public static let utc = ZoneRules(name: "UTC", data: ZoneData(transitions: [], offsets: [], initialOffset: 0, footer: nil))

    /// The IANA name the zone was loaded by.
    public let name: String
    let data: ZoneData

    init(name: String, data: ZoneData) {
        self.name = name
        self.data = data
    }

    /// Builds rules from the bytes of a TZif file (tests use this for hand-made slim and v1 files).
    init(name: String, tzif bytes: [UInt8]) throws(ZoneError) {
        guard let data = TZifParser.parse(bytes) else {
            throw ZoneError("time zone \(messageQuoted(name)) is not a valid TZif file")
        }
        self.init(name: name, data: data)
    }

    /// Loads a zone by IANA name ("Europe/Zurich", "America/Los_Angeles"); rejects names with "..", leading "/", or characters outside [A-Za-z0-9_+-/]; caches loaded zones (thread-safe, use Synchronization.Mutex).
    public static func named(_ name: String) throws(ZoneError) -> ZoneRules {
        try ZoneDatabase.rules(named: name)
    }

    // Far beyond any real date, but small enough that the calendar math cannot overflow.
    private static let range: ClosedRange<Int64> = -(1 << 45)...(1 << 45)

    /// UTC offset in seconds at an instant (seconds since 1970 UTC).
    public func offset(atUTC seconds: Int64) -> Int {
        data.offset(atUTC: min(max(seconds, Self.range.lowerBound), Self.range.upperBound))
    }

    /// The instant of a local wall-clock time: in a spring-forward gap the time is moved forward by the gap (02:30 → 03:30 +02:00 in Zurich on the last Sunday of March); in a fall-back overlap the earlier instant (summer offset) is chosen.
    public func instant(ofLocal seconds: Int64) -> Int64 {
        guard Self.range.contains(seconds) else {
            let (result, overflow) = seconds.subtractingReportingOverflow(Int64(offset(atUTC: seconds)))
            return overflow ? (seconds < 0 ? .min : .max) : result
        }
        // Real zones change at most once within a day, so the offsets a day either side are the candidates.
        let before = Int64(offset(atUTC: seconds - 86_400))
        let after = Int64(offset(atUTC: seconds + 86_400))
        let early = seconds - before
        let late = seconds - after
        let earlyValid = Int64(offset(atUTC: early)) == before
        let lateValid = Int64(offset(atUTC: late)) == after
        switch (earlyValid, lateValid) {
        case (true, true): return min(early, late)
        case (false, true): return late
        // In a gap neither fits; reading the time with the offset before the gap moves it forward by the gap.
        default: return early
        }
    }
}
