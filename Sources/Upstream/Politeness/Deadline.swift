/// The moment by which one request must be over, on a clock the owner chooses (the continuous
/// clock in service, a clock the test moves in tests).
///
/// ```swift
/// let deadline = Deadline(after: .seconds(10), on: ContinuousClock())
/// try await limiter.withSlot(.client, by: deadline.earlier(by: .seconds(1))) { try await fetch(within: deadline.timeLeft) }
/// ```
public struct Deadline: Sendable {
    /// The time left until the moment the deadline was made for.
    private let untilEnd: @Sendable () -> Duration
    /// Sleeps until that moment less the time given.
    private let sleepUntilBeforeEnd: @Sendable (Duration) async throws -> Void
    /// How long before that moment this deadline lies.
    private var before: Duration = .zero

    /// The moment `duration` from now on `clock`.
    public init<C: Clock<Duration>>(after duration: Duration, on clock: C) {
        let end = clock.now.advanced(by: duration)
        untilEnd = { clock.now.duration(to: end) }
        sleepUntilBeforeEnd = { before in try await clock.sleep(until: end.advanced(by: .zero - before), tolerance: nil) }
    }

    /// The time left; zero or less once the moment has come.
    public var timeLeft: Duration { untilEnd() - before }

    /// Whether the moment has come.
    public var hasPassed: Bool { timeLeft <= .zero }

    /// Returns when the moment has come; throws `CancellationError` when the task is cancelled first.
    public func arrival() async throws {
        try await sleepUntilBeforeEnd(before)
    }

    /// The moment `duration` before this one.
    public func earlier(by duration: Duration) -> Deadline {
        var copy = self
        copy.before += duration
        return copy
    }
}
