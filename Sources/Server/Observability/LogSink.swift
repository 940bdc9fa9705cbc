#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Markup
import Synchronization

/// A buffered line writer for standard error, so logging costs no system call per request.
///
/// Lines are appended under a per-thread lock and written by a background thread every 20 ms, so
/// that a slow disk never stalls a request; only a writer whose buffer passes 4 MiB (the background
/// thread has fallen far behind) writes itself, which slows it down rather than dropping lines.
/// `flush()` writes what is pending (on shutdown).
public final class LogSink: Sendable {
    /// One buffer per server thread (by `ThreadSlot`), so writers do not contend.
    private final class Shard: Sendable {
        let pending = Mutex<[UInt8]>([])
    }

    private let descriptor: Int32
    private let timer: TimerHandle
    private let shards: [Shard] = (0..<8).map { _ in Shard() }
    /// Serialises writers to the descriptor, so lines from different shards never interleave; holds
    /// the spare buffer that is swapped with a shard's, so flushing allocates nothing.
    private let output = Mutex<[UInt8]>([])
    /// Past this a writer flushes itself; below it the background thread does, off the request path.
    /// At 100,000 lines/s a shard fills 4 MiB in about 200 ms, ten times the flush interval.
    private let flushThreshold = 4 * 1024 * 1024

    /// Creates a sink writing to a file descriptor (standard error by default).
    public init(descriptor: Int32 = 2) {
        self.descriptor = descriptor
        // The timer holds the sink weakly, so a sink that is let go stops it.
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "gottago.log"))
        self.timer = TimerHandle(source: timer)
        timer.schedule(deadline: .now() + .milliseconds(20), repeating: .milliseconds(20))
        timer.setEventHandler { [weak self] in self?.flush() }
        timer.resume()
    }

    deinit {
        timer.source.cancel()
        flush()
    }

    /// Appends one line; the newline is added here.
    public func write(_ line: [UInt8]) {
        let shard = shards[ThreadSlot.current % shards.count]
        let full = shard.pending.withLock { buffer -> Bool in
            buffer.append(contentsOf: line)
            buffer.append(0x0A)
            return buffer.count >= flushThreshold
        }
        if full { flush(shard) }
    }

    /// Appends one JSON line as its builder finishes it, copying its bytes once.
    func write(_ line: consuming JSONLineBuilder) {
        let shard = shards[ThreadSlot.current % shards.count]
        let threshold = flushThreshold
        let full = line.withClosedBytes { bytes in
            shard.pending.withLock { buffer -> Bool in
                buffer.append(contentsOf: bytes)
                buffer.append(0x0A)
                return buffer.count >= threshold
            }
        }
        if full { flush(shard) }
    }

    /// Appends one line of text.
    public func write(_ line: String) { write(Array(line.utf8)) }

    /// Writes everything pending now.
    public func flush() {
        for shard in shards { flush(shard) }
    }

    private func flush(_ shard: Shard) {
        output.withLock { spare in
            shard.pending.withLock { swap(&$0, &spare) }
            guard !spare.isEmpty else { return }
            writeAll(spare)
            spare.removeAll(keepingCapacity: true)
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
