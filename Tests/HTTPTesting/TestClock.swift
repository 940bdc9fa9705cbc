import Synchronization

/// A wall clock in milliseconds that a test moves by hand, for caches and upstream clients.
public final class TestClock: Sendable {
    private let milliseconds = Atomic<Int64>(1_800_000_000_000)

    public init() {}

    /// The current reading.
    public var now: Int64 { milliseconds.load(ordering: .relaxed) }

    /// Moves the clock on.
    public func advance(seconds: Double) { milliseconds.add(Int64(seconds * 1000), ordering: .relaxed) }
}
