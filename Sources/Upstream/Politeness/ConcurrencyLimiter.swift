import Synchronization

/// At most `limit` requests to one upstream at a time; the rest wait in line, clients first.
///
/// Background refreshes only take a free slot when no client is waiting, and a client in line
/// is always let in before any refresh, so that a client is never queued behind a refresh.
/// A waiter that is cancelled leaves the line at once; one with a deadline leaves it when the
/// deadline comes, with `SlotTimeout`.
public final class ConcurrencyLimiter: Sendable {
    /// A request's deadline came while it waited for a slot (or as it got one): it was not sent.
    public struct SlotTimeout: Error, Sendable, Equatable {}

    /// Who is asking.
    public enum Priority: Sendable {
        /// A request a client is waiting for.
        case client
        /// A refresh nobody waits for.
        case background
    }

    private struct Waiter {
        let id: Int
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var active = 0
        var clients: [Waiter] = []
        var background: [Waiter] = []
        var nextID = 0
    }

    /// The most requests at once.
    public let limit: Int
    private let state = Mutex(State())

    /// A limiter with `limit` slots (at least 1).
    public init(limit: Int) {
        self.limit = max(limit, 1)
    }

    /// Requests running now, and waiting (for metrics).
    public var counts: (active: Int, waiting: Int) {
        state.withLock { ($0.active, $0.clients.count + $0.background.count) }
    }

    /// Runs `body` in a slot, waiting for one first.
    public func withSlot<T: Sendable>(_ priority: Priority, _ body: () async throws -> T) async throws -> T {
        try await acquire(priority)
        return try await inSlot(body)
    }

    /// Runs `body` in a slot, waiting for one until `deadline` at most. Throws `SlotTimeout`
    /// without running `body` when the deadline comes first, or together with the slot.
    public func withSlot<T: Sendable>(_ priority: Priority, by deadline: Deadline, _ body: () async throws -> T) async throws -> T {
        try await acquire(priority, by: deadline)
        return try await inSlot { () async throws -> T in
            guard !deadline.hasPassed else { throw SlotTimeout() }
            return try await body()
        }
    }

    /// Runs `body` in the slot just acquired, then gives the slot back.
    ///
    /// When the slot goes to a client in line, that request is let go before this task goes on:
    /// what follows a fetch here (parsing its answer) is CPU work, and the one in line, resumed
    /// behind it and behind every other answer that came back at the same moment, would otherwise
    /// wait for all of them to be parsed before it is even sent.
    private func inSlot<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        let result: Result<T, any Error>
        do { result = .success(try await body()) } catch { result = .failure(error) }
        if release() { await Task.yield() }
        return try result.get()
    }

    /// Waits for a slot; throws `CancellationError` if the task is cancelled while it waits, and
    /// `SlotTimeout` if `deadline` comes first.
    public func acquire(_ priority: Priority, by deadline: Deadline? = nil) async throws {
        let id = state.withLock { state -> Int? in
            if state.active < limit && (priority == .client || state.clients.isEmpty) {
                state.active += 1
                return nil
            }
            state.nextID += 1
            return state.nextID
        }
        guard let id else { return }
        let timer = Mutex<Task<Void, Never>?>(nil)
        defer { timer.withLock { $0?.cancel() } }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let cancelled = state.withLock { state -> Bool in
                    if Task.isCancelled { return true }
                    let waiter = Waiter(id: id, continuation: continuation)
                    if priority == .client { state.clients.append(waiter) } else { state.background.append(waiter) }
                    return false
                }
                if cancelled {
                    continuation.resume(throwing: CancellationError())
                } else if let deadline {
                    // Started once the waiter is in line, so that a deadline already past finds it there.
                    timer.withLock {
                        $0 = Task { [self] in
                            do { try await deadline.arrival() } catch { return }
                            leave(id, throwing: SlotTimeout())
                        }
                    }
                }
            }
        } onCancel: {
            leave(id, throwing: CancellationError())
        }
    }

    /// Takes a waiter out of the line and resumes it with `error`; nothing when it already left
    /// (let in, cancelled or timed out: whichever comes first resumes it, once).
    private func leave(_ id: Int, throwing error: any Error) {
        let waiter = state.withLock { state -> Waiter? in
            if let index = state.clients.firstIndex(where: { $0.id == id }) { return state.clients.remove(at: index) }
            if let index = state.background.firstIndex(where: { $0.id == id }) { return state.background.remove(at: index) }
            return nil
        }
        waiter?.continuation.resume(throwing: error)
    }

    /// Gives a slot back: to the first client in line, else the first refresh, else free.
    /// True when it went to a client in line.
    @discardableResult
    public func release() -> Bool {
        let (next, client) = state.withLock { state -> (Waiter?, Bool) in
            if !state.clients.isEmpty { return (state.clients.removeFirst(), true) }
            if !state.background.isEmpty { return (state.background.removeFirst(), false) }
            state.active -= 1
            return (nil, false)
        }
        next?.continuation.resume()
        return client
    }
}
