import Synchronization

/// A wall clock that moves only when told to, for tests and replays: its reading (milliseconds)
/// goes wherever a `now` closure would otherwise read ``WallClock``.
///
/// ```swift
/// let clock = ManualWallClock()
/// let cache = MemoryCache(now: clock.reading)
/// clock.advance(seconds: 60)   // a minute later
/// ```
public final class ManualWallClock: Sendable {
    private let milliseconds: Atomic<Int64>

    /// A clock reading `start` milliseconds since the Unix epoch.
    public init(_ start: Int64 = 1_800_000_000_000) {
        milliseconds = Atomic(start)
    }

    /// The current reading in milliseconds since the Unix epoch.
    public var now: Int64 { milliseconds.load(ordering: .relaxed) }

    /// The reading as a `now` closure in milliseconds, for caches, upstream clients and services.
    public var reading: @Sendable () -> Int64 {
        { self.now }
    }

    /// The reading as a `now` closure in whole seconds, for the simulators.
    public var seconds: @Sendable () -> Int64 {
        { self.now / 1000 }
    }

    /// Moves the clock on by `milliseconds` (back when negative).
    public func advance(milliseconds delta: Int64) {
        milliseconds.add(delta, ordering: .relaxed)
    }

    /// Moves the clock on by `seconds`, to the millisecond.
    public func advance(seconds: Double) {
        advance(milliseconds: Int64(seconds * 1000))
    }
}
