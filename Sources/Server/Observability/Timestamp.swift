#if canImport(Glibc)
import Glibc
#endif
import Kernel

/// Cheap wall-clock and monotonic time for logs and latency: civil dates by arithmetic
/// (no `gmtime_r`, which takes a lock, and no Foundation formatters).
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

    /// A UTC calendar time.
    struct Civil: Equatable {
        var year, month, day, hour, minute, second, millisecond: Int
    }

    /// The UTC calendar time of an instant (proleptic Gregorian, from days since the epoch).
    static func civil(_ ts: timespec) -> Civil {
        let seconds = Int64(ts.tv_sec)
        let days = floorDivide(seconds, 86_400)
        let secondOfDay = Int(seconds - days * 86_400)
        let (year, month, day) = CivilDate.civil(fromDays: days)
        return Civil(
            year: Int(year), month: Int(month), day: Int(day), hour: secondOfDay / 3600, minute: secondOfDay / 60 % 60,
            second: secondOfDay % 60, millisecond: Int(ts.tv_nsec) / 1_000_000)
    }

    /// Calls `body` with `2026-11-29T12:00:00.123Z` as bytes, without allocating.
    static func withISO8601<T>(_ ts: timespec, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        let c = civil(ts)
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            var at = 0
            func digits(_ value: Int, _ width: Int) {
                var v = value
                for i in stride(from: width - 1, through: 0, by: -1) {
                    buffer[at + i] = UInt8(ascii: "0") + UInt8(v % 10)
                    v /= 10
                }
                at += width
            }
            func mark(_ ascii: Unicode.Scalar) {
                buffer[at] = UInt8(ascii: ascii)
                at += 1
            }
            digits(c.year, 4); mark("-"); digits(c.month, 2); mark("-"); digits(c.day, 2); mark("T")
            digits(c.hour, 2); mark(":"); digits(c.minute, 2); mark(":"); digits(c.second, 2); mark(".")
            digits(c.millisecond, 3); mark("Z")
            return body(UnsafeBufferPointer(start: buffer.baseAddress, count: at))
        }
    }

    /// `2026-11-29T12:00:00.123Z`.
    static func iso8601(_ ts: timespec) -> String {
        withISO8601(ts) { String(decoding: $0, as: UTF8.self) }
    }

    /// `29/Nov/2026:12:00:00 +0000`, as the combined log format writes it.
    static func common(_ ts: timespec) -> String {
        let c = civil(ts)
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(pad(c.day))/\(months[c.month - 1])/\(c.year):\(pad(c.hour)):\(pad(c.minute)):\(pad(c.second)) +0000"
    }

    private static func pad(_ value: Int) -> String {
        value < 10 ? "0\(value)" : String(value)
    }
}
