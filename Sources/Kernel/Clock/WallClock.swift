#if canImport(Glibc)
import Glibc
#endif

/// The system wall clock: milliseconds (cache entries, services) or seconds (simulators) since the Unix epoch.
///
/// Everything that reads the time takes it as an injectable `now` closure defaulting to this
/// clock; tests pass a ``ManualWallClock``.
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

    /// The current wall-clock time in whole seconds since the Unix epoch.
    public static func seconds() -> Int64 {
        milliseconds() / 1000
    }
}
