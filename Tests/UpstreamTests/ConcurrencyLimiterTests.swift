import HTTPTesting
import Synchronization
import Testing
@testable import Upstream

@Suite struct ConcurrencyLimiterTests {
    final class Peak: Sendable {
        let current = Atomic<Int>(0)
        let highest = Atomic<Int>(0)
        func enter() {
            let now = current.add(1, ordering: .relaxed).newValue
            var seen = highest.load(ordering: .relaxed)
            while now > seen {
                let (exchanged, original) = highest.compareExchange(expected: seen, desired: now, ordering: .relaxed)
                if exchanged { break }
                seen = original
            }
        }
        func leave() { current.subtract(1, ordering: .relaxed) }
    }

    final class Order: Sendable {
        let entries = Mutex<[String]>([])
        func append(_ entry: String) { entries.withLock { $0.append(entry) } }
    }

    @Test func neverMoreThanTheLimitAtOnce() async throws {
        let limiter = ConcurrencyLimiter(limit: 4)
        let peak = Peak()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<100 {
                group.addTask {
                    try await limiter.withSlot(index % 3 == 0 ? .background : .client) {
                        peak.enter()
                        try await Task.sleep(for: .milliseconds(2))
                        peak.leave()
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(peak.highest.load(ordering: .relaxed) == 4)
        #expect(limiter.counts.active == 0)
        #expect(limiter.counts.waiting == 0)
    }

    @Test func clientsGoBeforeRefreshesInLine() async throws {
        let limiter = ConcurrencyLimiter(limit: 1)
        try await limiter.acquire(.client)
        let order = Order()
        let refresh = Task {
            try await limiter.withSlot(.background) { order.append("refresh") }
        }
        while limiter.counts.waiting < 1 { await Task.yield() }
        let client = Task {
            try await limiter.withSlot(.client) { order.append("client") }
        }
        while limiter.counts.waiting < 2 { await Task.yield() }
        limiter.release()
        try await refresh.value
        try await client.value
        #expect(order.entries.withLock { $0 } == ["client", "refresh"])
    }

    @Test func aRefreshDoesNotTakeAFreeSlotAheadOfAWaitingClient() async throws {
        let limiter = ConcurrencyLimiter(limit: 2)
        try await limiter.acquire(.client)
        try await limiter.acquire(.client)
        let client = Task { try await limiter.acquire(.client) }
        while limiter.counts.waiting < 1 { await Task.yield() }
        limiter.release()
        try await client.value
        #expect(limiter.counts == (2, 0))
    }

    @Test("release says whether the slot went to a client in line, which withSlot then lets leave first")
    func releaseSaysWhetherTheSlotWasHandedOn() async throws {
        let limiter = ConcurrencyLimiter(limit: 1)
        try await limiter.acquire(.client)
        let waiting = Task { try await limiter.acquire(.client) }
        while limiter.counts.waiting < 1 { await Task.yield() }
        #expect(limiter.release())
        try await waiting.value
        #expect(limiter.counts == (1, 0))
        let refresh = Task { try await limiter.acquire(.background) }
        while limiter.counts.waiting < 1 { await Task.yield() }
        #expect(!limiter.release())
        try await refresh.value
        #expect(limiter.counts == (1, 0))
        #expect(!limiter.release())
        #expect(limiter.counts == (0, 0))
    }

    @Test func aFailingBodyGivesItsSlotBack() async throws {
        struct Broken: Error {}
        let limiter = ConcurrencyLimiter(limit: 1)
        await #expect(throws: Broken.self) { try await limiter.withSlot(.client) { throw Broken() } }
        #expect(limiter.counts == (0, 0))
        let deadline = Deadline(after: .seconds(5), on: ManualClock())
        await #expect(throws: Broken.self) { try await limiter.withSlot(.client, by: deadline) { throw Broken() } }
        #expect(limiter.counts == (0, 0))
    }

    @Test func aCancelledWaiterLeavesTheLine() async throws {
        let limiter = ConcurrencyLimiter(limit: 1)
        try await limiter.acquire(.client)
        let waiting = Task { try await limiter.acquire(.client) }
        while limiter.counts.waiting < 1 { await Task.yield() }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        #expect(limiter.counts == (1, 0))
        limiter.release()
        #expect(limiter.counts == (0, 0))
    }

    @Test("a waiter with a deadline leaves the line when the deadline comes, not before")
    func aDeadlineEndsTheWait() async throws {
        let limiter = ConcurrencyLimiter(limit: 1)
        let clock = ManualClock()
        try await limiter.acquire(.client)
        let waiting = Task { try await limiter.acquire(.client, by: Deadline(after: .seconds(5), on: clock)) }
        while limiter.counts.waiting < 1 || clock.sleepers < 1 { await Task.yield() }
        clock.advance(by: .milliseconds(4999))
        #expect(limiter.counts == (1, 1))
        clock.advance(by: .milliseconds(1))
        await #expect(throws: ConcurrencyLimiter.SlotTimeout.self) { try await waiting.value }
        #expect(limiter.counts == (1, 0))
        limiter.release()
        #expect(limiter.counts == (0, 0))
    }

    @Test("a slot freed before the deadline is taken, and the timer stops")
    func aSlotBeforeTheDeadline() async throws {
        let limiter = ConcurrencyLimiter(limit: 1)
        let clock = ManualClock()
        try await limiter.acquire(.client)
        let deadline = Deadline(after: .seconds(5), on: clock)
        let waiting = Task { try await limiter.withSlot(.client, by: deadline) { deadline.timeLeft } }
        while limiter.counts.waiting < 1 || clock.sleepers < 1 { await Task.yield() }
        clock.advance(by: .seconds(2))
        limiter.release()
        #expect(try await waiting.value == .seconds(3))
        while clock.sleepers > 0 { await Task.yield() }
        #expect(limiter.counts == (0, 0))
        // The deadline passing later changes nothing.
        clock.advance(by: .seconds(10))
        #expect(limiter.counts == (0, 0))
    }

    @Test("a slot that comes only at the deadline is not used: the request has no time left")
    func noTimeLeftIsATimeout() async throws {
        let limiter = ConcurrencyLimiter(limit: 1)
        let clock = ManualClock()
        let deadline = Deadline(after: .seconds(1), on: clock)
        clock.advance(by: .seconds(1))
        let ran = Mutex(false)
        await #expect(throws: ConcurrencyLimiter.SlotTimeout.self) {
            try await limiter.withSlot(.client, by: deadline) { ran.withLock { $0 = true } }
        }
        #expect(!ran.withLock { $0 })
        #expect(limiter.counts == (0, 0))
    }

    @Test("a waiter with a deadline that is cancelled leaves the line, and its timer stops")
    func aCancelledWaiterWithADeadline() async throws {
        let limiter = ConcurrencyLimiter(limit: 1)
        let clock = ManualClock()
        try await limiter.acquire(.client)
        let waiting = Task { try await limiter.acquire(.background, by: Deadline(after: .seconds(5), on: clock)) }
        while limiter.counts.waiting < 1 || clock.sleepers < 1 { await Task.yield() }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        #expect(limiter.counts == (1, 0))
        while clock.sleepers > 0 { await Task.yield() }
        limiter.release()
        #expect(limiter.counts == (0, 0))
    }

    @Test("a deadline made earlier comes that much sooner, on the same clock")
    func anEarlierDeadline() async throws {
        let clock = ManualClock()
        let deadline = Deadline(after: .seconds(10), on: clock)
        let earlier = deadline.earlier(by: .seconds(1))
        #expect(deadline.timeLeft == .seconds(10))
        #expect(earlier.timeLeft == .seconds(9))
        let arrived = Task { try await earlier.arrival() }
        while clock.sleepers < 1 { await Task.yield() }
        clock.advance(by: .milliseconds(8999))
        #expect(clock.sleepers == 1)
        clock.advance(by: .milliseconds(1))
        try await arrived.value
        #expect(earlier.hasPassed)
        #expect(!deadline.hasPassed)
        #expect(deadline.timeLeft == .seconds(1))
    }
}
