import Testing
@testable import Server

/// The buffer between a stream's producer and its connection, without I/O.
@Suite("Stream state machine")
struct StreamStateMachineTests {
    typealias Machine = StreamStateMachine<Int>

    @Test("a reader that finds nothing parks, and the next write wakes it")
    func parkAndWake() {
        var machine = Machine(limit: 10)
        guard case .park = machine.read(max: 100) else { Issue.record("expected park"); return }
        #expect(machine.readerParked)
        guard case .buffered(wakeReader: true) = machine.write([1, 2, 3]) else { Issue.record("expected wake"); return }
        #expect(!machine.readerParked)
        guard case .bytes(let bytes, let writers) = machine.read(max: 2) else { Issue.record("expected bytes"); return }
        #expect(bytes == [1, 2])
        #expect(writers.isEmpty)
        guard case .bytes([3], _) = machine.read(max: 2) else { Issue.record("expected the rest"); return }
        #expect(machine.sent == 3)
    }

    @Test("a writer waits at the limit and the read that makes room hands it back")
    func backpressure() {
        var machine = Machine(limit: 4)
        _ = machine.write([1, 2, 3, 4])
        #expect(!machine.hasRoom)
        guard case .wait = machine.waitForRoom(7) else { Issue.record("expected wait"); return }
        guard case .bytes(_, let writers) = machine.read(max: 1) else { Issue.record("expected bytes"); return }
        #expect(writers == [7])
        guard case .proceed(.success) = machine.waitForRoom(8) else { Issue.record("expected room"); return }
    }

    @Test("finishing sends what is buffered, then ends; a parked reader is woken")
    func finish() {
        var machine = Machine(limit: 4)
        _ = machine.read(max: 1)
        _ = machine.write([1])
        let woke = machine.finish(failed: false)
        #expect(!woke)
        guard case .bytes([1], _) = machine.read(max: 8) else { Issue.record("expected bytes"); return }
        guard case .end = machine.read(max: 8) else { Issue.record("expected end"); return }

        var parked = Machine(limit: 4)
        _ = parked.read(max: 1)
        let wokeParked = parked.finish(failed: true)
        #expect(wokeParked)
        guard case .error = parked.read(max: 8) else { Issue.record("expected error"); return }
    }

    @Test("cancelling drops the buffer, fails waiting writers, wakes the reader and refuses writes")
    func cancel() {
        var machine = Machine(limit: 2)
        _ = machine.write([1, 2])
        _ = machine.waitForRoom(5)
        let action = machine.cancel()
        #expect(action.writers == [5])
        #expect(!action.wakeReader)
        guard case .error = machine.read(max: 8) else { Issue.record("expected error"); return }
        guard case .cancelled = machine.write([3]) else { Issue.record("expected refusal"); return }
        guard case .proceed(.failure) = machine.waitForRoom(6) else { Issue.record("expected failure"); return }
        let again = machine.cancel()
        #expect(again.writers.isEmpty)
    }

    /// One step of the producer, the reader or the server, for the interleaving test below.
    enum Step: CaseIterable {
        case write, read, finish, fail, cancel
    }

    /// The connection as its loop holds it: waiting after a parking read, reading again on a wake.
    struct Connection {
        var machine = Machine(limit: 4)
        var suspended = false

        /// Applies `step`; nil when it cannot happen (no read while suspended) or broke a rule.
        mutating func apply(_ step: Step) -> Bool? {
            switch step {
            case .write:
                guard case .buffered(let wake) = machine.write([1]) else { return true }
                return resume(wake)
            case .read:
                // A connection waiting for a wake does not read.
                guard !suspended else { return nil }
                if case .park = machine.read(max: 2) { suspended = true }
                return true
            case .finish, .fail:
                return resume(machine.finish(failed: step == .fail))
            case .cancel:
                return resume(machine.cancel().wakeReader)
            }
        }

        /// A wake sets the connection reading again; one for a connection that is not waiting
        /// breaks the rule that each wake answers exactly one park.
        private mutating func resume(_ wake: Bool) -> Bool {
            guard wake else { return true }
            guard suspended else { return false }
            suspended = false
            return true
        }

        /// A suspended connection must have nothing to send and nothing to end: else no one resumes it.
        var stranded: Bool {
            suspended && (machine.buffered > 0 || machine.phase != .producing)
        }
    }

    @Test("every interleaving of writes, reads, the end and cancellation: each park is woken exactly once, none stranded")
    func everyInterleaving() {
        var checked = 0
        func walk(_ connection: Connection, depth: Int, path: [Step]) {
            #expect(!connection.stranded, "stranded after \(path)")
            guard depth > 0 else { return }
            for step in Step.allCases {
                var next = connection
                guard let kept = next.apply(step) else { continue }
                #expect(kept, "a wake without a park after \(path + [step])")
                checked += 1
                walk(next, depth: depth - 1, path: path + [step])
            }
        }
        walk(Connection(), depth: 7, path: [])
        #expect(checked > 10_000)
    }
}
