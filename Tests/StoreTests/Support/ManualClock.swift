import Synchronization

/// Milliseconds since the epoch that move only when a test says so.
final class ManualClock: Sendable {
    private let milliseconds: Atomic<Int64>

    init(_ start: Int64 = 1_800_000_000_000) {
        milliseconds = Atomic(start)
    }

    /// The current time, to pass as a cache's `now`.
    var now: @Sendable () -> Int64 {
        { self.milliseconds.load(ordering: .relaxed) }
    }

    /// The current time.
    var current: Int64 { milliseconds.load(ordering: .relaxed) }

    func advance(_ delta: Int64) {
        milliseconds.add(delta, ordering: .relaxed)
    }
}
