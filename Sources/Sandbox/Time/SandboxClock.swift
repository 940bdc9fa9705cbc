import Synchronization

/// The embedded sandbox's clock: the wall clock shifted by an offset, which starts at the chosen
/// time (`--sandbox-time`) and which a test moves forward (`POST /debug/sandbox/clock`), so
/// that the simulated feeds' trains come nearer without anyone waiting.
public final class SandboxClock: Sendable {
    private let offset: Atomic<Int64>
    private let wall: @Sendable () -> Int64

    /// A clock that reads `start` now (0: the wall clock's time) and runs on with `wall`.
    public init(start: Int64 = 0, wall: @escaping @Sendable () -> Int64 = BARTFeedService.wallClock) {
        self.wall = wall
        offset = Atomic(start > 0 ? start - wall() : 0)
    }

    /// The time, in Unix seconds.
    @Sendable public func now() -> Int64 { wall() + offset.load(ordering: .relaxed) }

    /// Moves the clock forward by `seconds` and returns its new time.
    @discardableResult
    public func advance(by seconds: Int64) -> Int64 {
        offset.add(seconds, ordering: .relaxed)
        return now()
    }
}
