import Synchronization

/// A wall clock that moves only when told to, for tests and replays: hand its `now` (milliseconds)
/// or `seconds` reading to anything that takes a clock closure instead of ``WallClock``.
///
/// ```swift
/// let clock = ManualWallClock(1_800_000_000_000)
/// let cache = MemoryCache(now: clock.now)
/// clock.advance(60_000)   // a minute later
/// ```
public final class ManualWallClock: Sendable {
    private let milliseconds: Atomic<Int64>

    /// A clock reading `start` milliseconds since the Unix epoch.
    public init(_ start: Int64 = 1_800_000_000_000) {
        milliseconds = Atomic(start)
    }

    /// The current time in milliseconds, to pass as a cache's or service's `now`.
    public var now: @Sendable () -> Int64 {
        { self.milliseconds.load(ordering: .relaxed) }
    }

    /// The current time in whole seconds, to pass as a simulator's `now`.
    public var seconds: @Sendable () -> Int64 {
        { self.milliseconds.load(ordering: .relaxed) / 1000 }
    }

    /// The current time in milliseconds.
    public var current: Int64 { milliseconds.load(ordering: .relaxed) }

    /// Moves the clock on by `delta` milliseconds (back when negative).
    public func advance(_ delta: Int64) {
        milliseconds.add(delta, ordering: .relaxed)
    }
}
