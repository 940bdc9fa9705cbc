import Synchronization

/// True exactly once, for resuming a continuation from several possible callers.
final class OnceFlag: Sendable {
    private let done = Atomic<Bool>(false)

    func claim() -> Bool {
        done.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
    }
}

/// Keeps signal sources alive for the life of the process.
enum Retained {
    nonisolated(unsafe) private static var kept: [Any] = []

    static func keep(_ value: Any) { kept.append(value) }
}
