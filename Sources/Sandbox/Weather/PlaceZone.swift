import Kernel

/// A place's time zone for the forecasts' local times: the IANA zone's rules, or, for a zone the
/// system does not know, the offset of the place's longitude in whole hours (``ZoneOffset``).
struct PlaceZone: Sendable {
    /// The zone's name ("America/New_York").
    let name: String
    private let rules: ZoneRules?
    private let fallback: Int

    /// The zone of a name, with the longitude it falls back on.
    init(_ name: String, longitude: Double) {
        self.name = name
        rules = try? ZoneRules.named(name)
        fallback = Int((longitude / 15).rounded()) * 3600
    }

    /// Seconds east of UTC at an instant.
    func offset(at instant: Int64) -> Int {
        rules?.offset(atUTC: instant) ?? fallback
    }

    /// The instant with its offset.
    func moment(_ instant: Int64) -> Moment {
        Moment(instant: instant, utcOffset: offset(at: instant))
    }

    /// The instant a wall-clock reading names (a reading in a spring-forward gap moves on by the
    /// gap, one in the autumn overlap is the earlier instant).
    func instant(of local: LocalDateTime) -> Int64 {
        rules?.instant(ofLocal: local.wallSeconds) ?? local.wallSeconds - Int64(fallback)
    }

    /// The wall-clock reading of an instant.
    func local(_ instant: Int64) -> LocalDateTime {
        LocalDateTime(wallSeconds: instant + Int64(offset(at: instant)))
    }
}
