import HTTPTesting
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import Server

/// The log sink against a pipe nobody reads: the writer must never wait for it.
@Suite("Log sink")
struct LogSinkTests {
    @Test("a log that cannot be written drops lines and counts them instead of blocking; a notice says how many")
    func dropsWhenStalled() async throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        let (readEnd, writeEnd) = (ends[0], ends[1])
        defer { close(readEnd) }
        let line = [UInt8](repeating: UInt8(ascii: "x"), count: 99)
        var dropped = 0
        var accepted = 0
        let text: String
        do {
            let sink = LogSink(descriptor: writeEnd, maxPendingBytes: 16 * 1024)
            // Nobody reads yet: the background writer fills the pipe and then is stuck in
            // write(2), and the thread's buffer fills. Writing goes on until both have happened,
            // which only ends because every write returns.
            while sink.droppedLines == 0 || !Self.isFull(writeEnd) {
                sink.write(line)
                accepted += 1
            }
            dropped = sink.droppedLines
            #expect(dropped >= 1)
            let reader = Task { try await offPool { Self.readAll(readEnd) } }
            sink.flush()
            #expect(sink.droppedLines == dropped)
            _ = sink
            // Nothing is pending now, so the sink writes nothing more: the pipe can close.
            close(writeEnd)
            text = try await reader.value
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let notices = lines.filter { $0.contains("warning log:") }
        #expect(notices.count >= 1)
        let reported = notices.compactMap { notice -> Int? in
            guard let range = notice.range(of: "warning log: ") else { return nil }
            return Int(notice[range.upperBound...].prefix { $0.isNumber })
        }
        #expect(reported.reduce(0, +) == dropped)
        #expect(notices.allSatisfy { $0.hasSuffix("lines dropped, written too slowly") })
        // Every other line arrived whole, and none was lost without being counted.
        let kept = lines.filter { !$0.contains("warning log:") }
        #expect(kept.allSatisfy { $0 == Substring(String(decoding: line, as: UTF8.self)) })
        #expect(kept.count + dropped == accepted)
    }

    /// Whether the pipe has no room for another write.
    private static func isFull(_ descriptor: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        return poll(&entry, 1, 0) == 0
    }

    private static func readAll(_ descriptor: Int32) -> String {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
