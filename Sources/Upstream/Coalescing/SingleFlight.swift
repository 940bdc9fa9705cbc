import Synchronization

/// Runs one operation per key at a time and hands its result to every caller who asked for the
/// same key meanwhile: 1,000 identical cold requests make one upstream request.
///
/// ```swift
/// let flights = SingleFlight<String, [UInt8]>()
/// let (bytes, shared) = try await flights.run("sbb:Bern→Thun") { try await fetch() }
/// ```
///
/// A caller that is cancelled stops waiting at once; when the last waiter of a key is gone, the
/// operation itself is cancelled, so that an abandoned fetch does not run to its end for nobody.
public final class SingleFlight<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private final class Flight: @unchecked Sendable {
        // Guarded by the SingleFlight's lock.
        var waiters: [Int: CheckedContinuation<Value, any Error>] = [:]
        var task: Task<Void, Never>?
        var joined = 0
    }

    private struct State {
        var flights: [Key: Flight] = [:]
        var nextWaiter = 0
    }
    private let state = Mutex(State())

    /// An empty set of flights.
    public init() {}

    /// Keys with an operation running now.
    public var inFlight: Int { state.withLock { $0.flights.count } }

    /// Callers waiting for `key`'s operation now, the one who started it included.
    public func waiters(for key: Key) -> Int { state.withLock { $0.flights[key]?.waiters.count ?? 0 } }

    /// Runs `operation` for `key`, or waits for the run already going; `shared` is true for a
    /// caller who got another caller's result.
    public func run(_ key: Key, _ operation: @escaping @Sendable () async throws -> Value) async throws -> (value: Value, shared: Bool) {
        let waiter = state.withLock { state -> Int in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        let shared = Mutex(false)
        let value = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
                let start = state.withLock { state -> Flight? in
                    if let flight = state.flights[key] {
                        flight.waiters[waiter] = continuation
                        flight.joined += 1
                        shared.withLock { $0 = true }
                        return nil
                    }
                    let flight = Flight()
                    flight.waiters[waiter] = continuation
                    state.flights[key] = flight
                    return flight
                }
                if let flight = start {
                    // Started outside the lock; the task only finishes through `complete`.
                    let task = Task { [self] in
                        let result: Result<Value, any Error>
                        do {
                            result = .success(try await operation())
                        } catch {
                            result = .failure(error)
                        }
                        complete(key, flight, result)
                    }
                    let cancelNow = state.withLock { _ -> Bool in
                        flight.task = task
                        return flight.waiters.isEmpty
                    }
                    if cancelNow { task.cancel() }
                }
                if Task.isCancelled { leave(key, waiter) }
            }
        } onCancel: {
            leave(key, waiter)
        }
        return (value, shared.withLock { $0 })
    }

    /// Stops one caller's wait; the last one to go cancels the operation.
    private func leave(_ key: Key, _ waiter: Int) {
        let (continuation, task) = state.withLock { state -> (CheckedContinuation<Value, any Error>?, Task<Void, Never>?) in
            guard let flight = state.flights[key], let continuation = flight.waiters.removeValue(forKey: waiter) else { return (nil, nil) }
            guard flight.waiters.isEmpty else { return (continuation, nil) }
            state.flights.removeValue(forKey: key)
            return (continuation, flight.task)
        }
        continuation?.resume(throwing: CancellationError())
        task?.cancel()
    }

    private func complete(_ key: Key, _ flight: Flight, _ result: Result<Value, any Error>) {
        let waiters = state.withLock { state -> [CheckedContinuation<Value, any Error>] in
            if state.flights[key] === flight { state.flights.removeValue(forKey: key) }
            defer { flight.waiters.removeAll() }
            return Array(flight.waiters.values)
        }
        for waiter in waiters { waiter.resume(with: result) }
    }
}
