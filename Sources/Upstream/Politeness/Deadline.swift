/// The moment by which one request must be over, on a clock the owner chooses (the continuous
/// clock in service, a clock the test moves in tests).
///
/// ```swift
/// let deadline = Deadline(after: .seconds(10), on: ContinuousClock())
/// try await limiter.withSlot(.client, by: deadline) { left in try await fetch(timeout: left) }
/// ```
public struct Deadline: Sendable {
    private let left: @Sendable () -> Duration
    private let arrive: @Sendable () async throws -> Void

    /// The moment `duration` from now on `clock`.
    public init<C: Clock<Duration>>(after duration: Duration, on clock: C) {
        let end = clock.now.advanced(by: duration)
        left = { clock.now.duration(to: end) }
        arrive = { try await clock.sleep(until: end, tolerance: nil) }
    }

    /// The time left; zero or less once the moment has come.
    public var timeLeft: Duration { left() }

    /// Whether the moment has come.
    public var hasPassed: Bool { left() <= .zero }

    /// Returns when the moment has come; throws `CancellationError` when the task is cancelled first.
    public func arrival() async throws {
        try await arrive()
    }
}
