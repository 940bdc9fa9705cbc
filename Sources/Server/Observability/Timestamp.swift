#if canImport(Glibc)
import Glibc
#endif

/// Cheap wall-clock and monotonic time for logs and latency, without Foundation formatters.
enum Timestamp {
    /// Seconds and nanoseconds since the epoch.
    static func now() -> timespec {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return ts
    }

    /// Monotonic nanoseconds, for durations.
    static func monotonicNanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    /// `2026-11-29T12:00:00.123Z`.
    static func iso8601(_ ts: timespec) -> String {
        var seconds = ts.tv_sec
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return "\(parts.tm_year + 1900)-\(pad(parts.tm_mon + 1))-\(pad(parts.tm_mday))T"
            + "\(pad(parts.tm_hour)):\(pad(parts.tm_min)):\(pad(parts.tm_sec)).\(pad(Int32(ts.tv_nsec / 1_000_000), 3))Z"
    }

    /// `29/Nov/2026:12:00:00 +0000`, as the combined log format writes it.
    static func common(_ ts: timespec) -> String {
        var seconds = ts.tv_sec
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(pad(parts.tm_mday))/\(months[Int(parts.tm_mon)])/\(parts.tm_year + 1900):"
            + "\(pad(parts.tm_hour)):\(pad(parts.tm_min)):\(pad(parts.tm_sec)) +0000"
    }

    private static func pad(_ value: Int32, _ width: Int = 2) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
