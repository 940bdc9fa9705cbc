import Synchronization
import Testing
@testable import Upstream

@Suite struct SingleFlightTests {
    /// Counts runs and holds them until released; tells of each cancellation on `cancellations`.
    final class Gate: Sendable {
        let runs = Atomic<Int>(0)
        let cancelled = Atomic<Int>(0)
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        let (cancellations, cancellation) = AsyncStream<Void>.makeStream()

        func operation(_ value: Int) -> @Sendable () async throws -> Int {
            { [self] in
                runs.add(1, ordering: .relaxed)
                do {
                    try await withTaskCancellationHandler {
                        for await _ in stream { break }
                        try Task.checkCancellation()
                    } onCancel: {
                        cancelled.add(1, ordering: .relaxed)
                        continuation.finish()
                        cancellation.yield()
                    }
                }
                return value
            }
        }

        func release() { continuation.yield() }
    }

    @Test func aThousandIdenticalCallsRunOnce() async throws {
        let flights = SingleFlight<String, Int>()
        let gate = Gate()
        let results = try await withThrowingTaskGroup(of: (Int, Bool).self) { group in
            for _ in 0..<1_000 {
                group.addTask { try await flights.run("k", gate.operation(42)) }
            }
            // Released only once every caller has joined: a late one would start a second run.
            while flights.waiters(for: "k") < 1_000 { await Task.yield() }
            gate.release()
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(gate.runs.load(ordering: .relaxed) == 1)
        #expect(results.count == 1_000)
        #expect(results.allSatisfy { $0.0 == 42 })
        #expect(results.filter { !$0.1 }.count == 1)
        #expect(flights.inFlight == 0)
    }

    @Test func errorsReachEveryWaiterAndTheNextCallRunsAgain() async throws {
        struct Broken: Error {}
        let flights = SingleFlight<String, Int>()
        await #expect(throws: Broken.self) { try await flights.run("k") { throw Broken() } }
        let (value, shared) = try await flights.run("k") { 7 }
        #expect(value == 7)
        #expect(!shared)
    }

    @Test func oneCancelledWaiterLeavesAndTheOthersStillGetTheValue() async throws {
        let flights = SingleFlight<String, Int>()
        let gate = Gate()
        let leaving = Task { try await flights.run("k", gate.operation(1)) }
        while flights.inFlight == 0 { await Task.yield() }
        let staying = Task { try await flights.run("k", gate.operation(1)) }
        while flights.waiters(for: "k") < 2 { await Task.yield() }
        leaving.cancel()
        await #expect(throws: CancellationError.self) { try await leaving.value }
        #expect(gate.cancelled.load(ordering: .relaxed) == 0)
        gate.release()
        #expect(try await staying.value.value == 1)
    }

    @Test func whenEveryWaiterIsGoneTheOperationIsCancelled() async throws {
        let flights = SingleFlight<String, Int>()
        let gate = Gate()
        let tasks = (0..<3).map { _ in Task { try await flights.run("k", gate.operation(1)) } }
        while flights.waiters(for: "k") < 3 { await Task.yield() }
        for task in tasks { task.cancel() }
        for task in tasks { await #expect(throws: CancellationError.self) { try await task.value } }
        // The last waiter's leaving cancels the operation: wait for that to reach it.
        var cancellations = gate.cancellations.makeAsyncIterator()
        await cancellations.next()
        #expect(gate.cancelled.load(ordering: .relaxed) == 1)
        #expect(flights.inFlight == 0)
    }

    @Test func differentKeysRunSideBySide() async throws {
        let flights = SingleFlight<Int, Int>()
        let gate = Gate()
        let values = try await withThrowingTaskGroup(of: Int.self) { group in
            for key in 0..<50 {
                group.addTask {
                    try await flights.run(key) {
                        gate.runs.add(1, ordering: .relaxed)
                        return key * 2
                    }.value
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(gate.runs.load(ordering: .relaxed) == 50)
        #expect(values.sorted() == (0..<50).map { $0 * 2 })
    }
}
