public import Kernel

/// At most `limit` requests a day, the day as a zone counts it: an upstream's daily budget
/// (search.ch: 1,000 connection queries a day), on top of its token bucket.
///
/// A pure value: the caller passes the time (seconds since 1970) and keeps it behind its lock.
///
/// ```swift
/// var quota = DailyQuota(limit: 1000, zone: zurich)
/// if case .denied(let wait) = quota.take(now: seconds) { … }   // wait: seconds to local midnight
/// ```
public struct DailyQuota: Sendable, Equatable {
    /// Requests allowed a day.
    public let limit: Int
    /// The zone whose midnight starts a new day.
    public let zone: ZoneRules
    private var day: Int64 = .min
    private var used = 0

    /// A quota of `limit` requests a day in `zone`.
    public init(limit: Int, zone: ZoneRules) {
        precondition(limit >= 1, "a daily quota allows at least one request")
        self.limit = limit
        self.zone = zone
    }

    /// Takes one request of today's budget, or says how long until tomorrow's.
    public mutating func take(now: Double) -> TokenBucket.Outcome {
        let today = Self.day(of: now, in: zone)
        if today != day {
            day = today
            used = 0
        }
        guard used < limit else { return .denied(retryAfter: Self.secondsToMidnight(from: now, in: zone)) }
        used += 1
        return .granted
    }

    /// Requests left today at `now`.
    public func remaining(now: Double) -> Int {
        Self.day(of: now, in: zone) == day ? limit - used : limit
    }

    static func day(of seconds: Double, in zone: ZoneRules) -> Int64 {
        let instant = Int64(seconds.rounded(.down))
        return floorDivide(instant + Int64(zone.offset(atUTC: instant)), 86_400)
    }

    /// Seconds from `now` to the next local midnight (on a day with a clock change, as the zone has it).
    static func secondsToMidnight(from now: Double, in zone: ZoneRules) -> Double {
        let instant = Int64(now.rounded(.down))
        let local = instant + Int64(zone.offset(atUTC: instant))
        let midnightLocal = (floorDivide(local, 86_400) + 1) * 86_400
        // The instant whose local time is that midnight: the offset there may differ by an hour.
        var guess = midnightLocal - Int64(zone.offset(atUTC: instant))
        guess = midnightLocal - Int64(zone.offset(atUTC: guess))
        return max(1, Double(guess) - now)
    }
}
