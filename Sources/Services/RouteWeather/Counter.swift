import Synchronization

/// A count shared by concurrent tasks: each `next()` returns the count after adding one.
final class Counter: Sendable {
    private let value = Atomic<Int>(0)

    func next() -> Int { value.add(1, ordering: .relaxed).newValue }
}
