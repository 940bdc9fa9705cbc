import Testing
@testable import Fetch

/// The streamed body's buffer decisions, without I/O.
@Suite("BodyChannel state machine")
struct BodyChannelStateMachineTests {
    typealias Machine = BodyChannel.StateMachine

    @Test("a full buffer pauses the transfer; the read that makes room resumes it, once")
    func pauseAndResume() {
        var machine = Machine(limit: 10)
        guard case .buffered = machine.offer(Array(repeating: 1, count: 6)) else { Issue.record("not buffered"); return }
        guard case .buffered = machine.offer(Array(repeating: 2, count: 6)) else { Issue.record("not buffered"); return }
        guard case .pause = machine.offer([3]) else { Issue.record("not paused at 12 of 10 bytes"); return }
        guard case .pause = machine.offer([3]) else { Issue.record("not paused again"); return }
        guard case .chunk(let first, let resumeFirst) = machine.take() else { Issue.record("no chunk"); return }
        #expect(first == Array(repeating: 1, count: 6))
        #expect(resumeFirst)
        guard case .chunk(let second, let resumeSecond) = machine.take() else { Issue.record("no chunk"); return }
        #expect(second == Array(repeating: 2, count: 6))
        #expect(!resumeSecond)
        guard case .wait = machine.take() else { Issue.record("an empty buffer must wait"); return }
    }

    @Test("the end comes after the buffered chunks; a failure too")
    func endAfterChunks() throws {
        var machine = Machine(limit: 100)
        _ = machine.offer([1])
        #expect(machine.close(.failure(FetchError(kind: .truncated, message: "cut", url: "u"))) == nil)
        #expect(machine.close(.success(())) == nil)
        guard case .chunk([1], _) = machine.take() else { Issue.record("the chunk first"); return }
        guard case .end(.failure(let error)) = machine.take() else { Issue.record("then the first end"); return }
        #expect(error.kind == .truncated)
        guard case .refuse = machine.offer([2]) else { Issue.record("nothing after the end"); return }
    }

    @Test("cancel drops the buffer, aborts a running transfer once, and refuses later bytes")
    func cancel() {
        var machine = Machine(limit: 100)
        _ = machine.offer([1, 2, 3])
        let error = FetchError(kind: .cancelled, message: "the request was cancelled", url: "u")
        let first = machine.cancel(error)
        #expect(first.abort)
        #expect(first.waiter == nil)
        #expect(!machine.cancel(error).abort)
        guard case .end(.failure(let got)) = machine.take() else { Issue.record("cancelled, not the chunk"); return }
        #expect(got.kind == .cancelled)
        guard case .refuse = machine.offer([4]) else { Issue.record("bytes after cancel"); return }

        var ended = Machine(limit: 100)
        _ = ended.close(.success(()))
        #expect(!ended.cancel(error).abort)
    }
}
