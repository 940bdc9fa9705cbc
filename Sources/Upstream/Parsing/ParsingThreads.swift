import Dispatch

/// Where answers are parsed: threads of their own, not the cooperative ones that requests,
/// timers and finished fetches resume on.
///
/// Parsing an answer takes a millisecond or more of CPU (a met.no forecast, a timetable page).
/// When dozens of answers come back at once (a route's weather, a cold timetable), parsing them
/// on the cooperative threads would queue every other task behind them: a fetch whose answer has
/// arrived, a request waiting to be sent, a client's cache hit. On threads of their own, the
/// parsing shares the cores with that work instead of holding it up, and as many answers are
/// parsed at once as there are cores.
enum ParsingThreads {
    /// A global queue of another quality of service than the requests' tasks (`.high`, which the
    /// concurrency runtime runs on the user-initiated global queue's threads), so that its
    /// threads are other threads. On Linux a quality of service sets no thread priority: the
    /// kernel shares the cores between both pools as it would between any threads.
    private static let queue = DispatchQueue.global(qos: .utility)

    /// Runs `work` on a parsing thread and returns its result.
    static func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: work()) }
        }
    }
}
