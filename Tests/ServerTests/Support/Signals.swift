import Synchronization

/// A one-way signal between a test and a handler: `wait()` returns once `open()` was called.
final class Gate: Sendable {
    private let state = Mutex<(open: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    func open() {
        let waiters = state.withLock { state in
            state.open = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    var isOpen: Bool { state.withLock { $0.open } }

    func wait() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state -> Bool in
                if state.open { return true }
                state.waiters.append(waiter)
                return false
            }
            if now { waiter.resume() }
        }
    }
}

/// What a stream producer went through, observable by the test.
final class ProducerProbe: Sendable {
    let cancelled = Gate()
    let finished = Gate()
    private let peak = Mutex(0)
    private let writes = Mutex(0)

    func recordBuffered(_ bytes: Int) {
        peak.withLock { $0 = max($0, bytes) }
        writes.withLock { $0 += 1 }
    }

    var peakBuffered: Int { peak.withLock { $0 } }
    var writeCount: Int { writes.withLock { $0 } }
}

/// Polls `condition` until it holds, for up to `limit`: for state another thread settles just after
/// the event the test waited for. A generous limit, not a timing check.
func eventually(limit: Duration = .seconds(60), _ condition: @Sendable () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + limit
    while !condition() {
        guard ContinuousClock.now < deadline else { return false }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return true
}
