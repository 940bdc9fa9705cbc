import Synchronization

/// Holds each arriving request until `count` of them are held together, then lets them all go:
/// shows by events, not by time, that a client makes its requests at once. A client that makes
/// them one after another is never let go (its own timeout ends its request), so the test
/// calls ``open()`` before it shuts its server down.
///
/// ```swift
/// let gathering = Gathering(count: 4)
/// // each handler: await gathering.arrive()
/// #expect(gathering.peak == 4)
/// ```
public final class Gathering: Sendable {
    private struct State {
        var held: [CheckedContinuation<Void, Never>] = []
        var peak = 0
        var isOpen = false
    }

    private let count: Int
    private let state = Mutex(State())

    public init(count: Int) {
        self.count = count
    }

    /// The most requests held at one time.
    public var peak: Int { state.withLock { $0.peak } }

    /// Waits until `count` requests are held, or the gathering is open.
    public func arrive() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let released: [CheckedContinuation<Void, Never>] = state.withLock { state in
                guard !state.isOpen else { return [continuation] }
                state.held.append(continuation)
                state.peak = max(state.peak, state.held.count)
                guard state.held.count >= count else { return [] }
                state.isOpen = true
                defer { state.held = [] }
                return state.held
            }
            for waiter in released { waiter.resume() }
        }
    }

    /// Lets every held request go, and every later one pass.
    public func open() {
        let released = state.withLock { state in
            state.isOpen = true
            defer { state.held = [] }
            return state.held
        }
        for waiter in released { waiter.resume() }
    }
}
