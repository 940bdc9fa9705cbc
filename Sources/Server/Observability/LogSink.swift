#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Markup
import Synchronization

/// A buffered line writer for standard error, so logging costs no system call per request.
///
/// Lines are appended under a per-thread lock and written by a background thread every 20 ms, so
/// a request never waits for the disk. When the background thread falls behind (a full disk, a
/// stalled pipe) and a thread's buffer reaches `maxPendingBytes`, further lines are dropped and
/// counted rather than making requests wait; the next write that gets through is followed by a
/// line saying how many were lost, and `droppedLines` counts them all. `flush()` writes what is
/// pending (on shutdown).
public final class LogSink: Sendable {
    /// What the background thread and the writers share. The timer holds this, not the sink,
    /// so the sink needs no weak reference (which would slow every retain of it).
    private final class Shard: Sendable {
        let pending = Mutex<[UInt8]>([])
    }

    private final class State: Sendable {
        /// One buffer per server thread (by `ThreadSlot`), so writers do not contend.
        let shards: [Shard] = (0..<8).map { _ in Shard() }
        /// Serialises writes to the descriptor, so lines from different shards never interleave;
        /// holds the spare buffer that is swapped with a shard's, so flushing allocates nothing.
        let output = Mutex<[UInt8]>([])
        let descriptor: Int32
        let maxPendingBytes: Int
        /// Lines dropped since the last notice, and since start.
        let unreported = Atomic<Int>(0)
        let dropped = Atomic<Int>(0)

        init(descriptor: Int32, maxPendingBytes: Int) {
            self.descriptor = descriptor
            self.maxPendingBytes = maxPendingBytes
        }

        func append(_ bytes: UnsafeRawBufferPointer) {
            let limit = maxPendingBytes
            let kept = shards[ThreadSlot.current % shards.count].pending.withLock { buffer -> Bool in
                guard buffer.count < limit else { return false }
                buffer.append(contentsOf: bytes)
                buffer.append(0x0A)
                return true
            }
            if !kept {
                unreported.add(1, ordering: .relaxed)
                dropped.add(1, ordering: .relaxed)
            }
        }

        func flush() {
            output.withLock { spare in
                for shard in shards {
                    shard.pending.withLock { swap(&$0, &spare) }
                    guard !spare.isEmpty else { continue }
                    writeAll(spare)
                    spare.removeAll(keepingCapacity: true)
                }
                let lost = unreported.exchange(0, ordering: .relaxed)
                guard lost > 0 else { return }
                let notice = "\(Timestamp.iso8601(Timestamp.now())) warning log: \(lost) lines dropped, written too slowly\n"
                writeAll(Array(notice.utf8))
            }
        }

        private func writeAll(_ chunk: [UInt8]) {
            chunk.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let written = Glibc.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        return  // stderr gone: dropping log lines beats blocking requests
                    }
                    offset += written
                }
            }
        }
    }

    private let state: State
    private let timer: TimerHandle

    /// Creates a sink writing to a file descriptor (standard error by default).
    /// - Parameter maxPendingBytes: How much one thread's buffer may hold before lines are dropped;
    ///   at 100,000 lines/s a thread fills the default 4 MiB in about 200 ms, ten flush intervals.
    public init(descriptor: Int32 = 2, maxPendingBytes: Int = 4 * 1024 * 1024) {
        let state = State(descriptor: descriptor, maxPendingBytes: maxPendingBytes)
        self.state = state
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "gottago.log"))
        self.timer = TimerHandle(source: timer)
        timer.schedule(deadline: .now() + .milliseconds(20), repeating: .milliseconds(20))
        timer.setEventHandler { state.flush() }
        timer.resume()
    }

    deinit {
        timer.source.cancel()
        state.flush()
    }

    /// Lines dropped since start because the log could not be written fast enough.
    public var droppedLines: Int { state.dropped.load(ordering: .relaxed) }

    /// Appends one line; the newline is added here.
    public func write(_ line: [UInt8]) {
        line.withUnsafeBytes { state.append($0) }
    }

    /// Appends one JSON line as its builder finishes it, copying its bytes once.
    func write(_ line: consuming JSONLineBuilder) {
        line.withClosedBytes { state.append(UnsafeRawBufferPointer($0)) }
    }

    /// Appends one line of text.
    public func write(_ line: String) { write(Array(line.utf8)) }

    /// Writes everything pending now.
    public func flush() {
        state.flush()
    }
}

/// The flush timer, cancelled with its sink.
private struct TimerHandle: @unchecked Sendable {
    let source: any DispatchSourceTimer
}

/// The server's own messages (start, errors), one line each on the log sink.
public struct ServerLog: Sendable {
    let sink: LogSink

    /// Creates a log over a sink.
    public init(sink: LogSink) { self.sink = sink }

    /// A message about something that went wrong.
    public func error(_ message: String) { emit("error", message) }

    /// A message about something unusual that was handled (often a client's malformed request).
    public func warning(_ message: String) { emit("warning", message) }

    /// A message about normal operation.
    public func info(_ message: String) { emit("info", message) }

    private func emit(_ level: String, _ message: String) {
        sink.write("\(Timestamp.iso8601(Timestamp.now())) \(level) \(message)")
    }
}
