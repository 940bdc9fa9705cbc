#if canImport(Glibc)
import Glibc
#endif

/// Milliseconds since the Unix epoch, for `CacheEntry.storedAt`.
///
/// The wall clock rather than a monotonic one: entries shared through Redis are read by other
/// instances, and only the wall clock means the same instant on every machine.
public enum WallClock {
    /// The current wall-clock time in milliseconds since the Unix epoch.
    public static func milliseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }
}
