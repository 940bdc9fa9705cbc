import Foundation
#if canImport(Glibc)
internal import Glibc
#endif

/// A child process spawned with `posix_spawn`, its output on pipes: the tests' replacement for
/// Foundation's `Process`, whose `run()` can crash on Linux while it scans `/proc/self/fd`.
///
/// Standard input is `/dev/null` unless `input` gives bytes; standard output and standard error
/// are pipes (or `/dev/null` with `.discarded`); the child gets no other descriptor of ours,
/// default signal dispositions and an empty signal mask. It stays in the test process's group.
///
/// ```swift
/// let child = try ChildProcess("/bin/sh", arguments: ["-c", "echo ready; sleep 30"])
/// #expect(try child.standardOutput.readLine() == "ready")
/// try child.signal(SIGTERM)
/// #expect(try child.wait() == SIGTERM && child.terminationReason == .signal)
/// ```
///
/// Reads and `wait()` block: call them off the cooperative pool (`offPool`) when they may take
/// long. Wait for every child, or it stays a zombie until the test process ends.
public final class ChildProcess {
    /// How the child ended.
    public enum TerminationReason: Sendable, Hashable {
        /// It exited; the status is its exit code.
        case exit
        /// A signal ended it; the status is the signal's number.
        case signal
    }

    /// Where the child's standard output and standard error go.
    public enum Output: Sendable, Hashable {
        /// To pipes, read through `standardOutput` and `standardError`.
        case piped
        /// To `/dev/null`; both readers are empty.
        case discarded
    }

    /// The child's process id.
    public let pid: Int32
    /// The executable the child runs.
    public let path: String
    /// The child's standard output.
    public let standardOutput: ChildProcessReader
    /// The child's standard error.
    public let standardError: ChildProcessReader
    /// How the child ended, once `wait()` or `isRunning` saw it end; nil before.
    public private(set) var terminationReason: TerminationReason?
    private var terminationStatus: Int32 = 0

    /// Spawns `path` (an absolute path; no `PATH` search) with `arguments`.
    ///
    /// - Parameters:
    ///   - environment: The child's whole environment; nil inherits this process's.
    ///   - input: Bytes for the child's standard input, written from a thread of their own;
    ///     nil gives it `/dev/null`.
    ///   - output: Pipes (the default) or `/dev/null` for standard output and standard error.
    public init(
        _ path: String, arguments: [String] = [], environment: [String: String]? = nil, input: [UInt8]? = nil, output: Output = .piped
    ) throws(ChildProcessError) {
        var parentEnds: [Int32] = [], childEnds: [Int32] = []
        var ends = (input: Int32(-1), out: Int32(-1), err: Int32(-1))
        var childStreams: [Int32?] = [nil, nil, nil]
        do throws(ChildProcessError) {
            if input != nil {
                let pipe = try Self.closeOnExecPipe(path: path)
                (ends.input, childStreams[0]) = (pipe.write, pipe.read)
                parentEnds.append(pipe.write)
                childEnds.append(pipe.read)
            }
            if output == .piped {
                let out = try Self.closeOnExecPipe(path: path)
                parentEnds.append(out.read)
                childEnds.append(out.write)
                let err = try Self.closeOnExecPipe(path: path)
                parentEnds.append(err.read)
                childEnds.append(err.write)
                (ends.out, ends.err, childStreams[1], childStreams[2]) = (out.read, err.read, out.write, err.write)
            }
            pid = try Self.spawn(path: path, arguments: arguments, environment: environment, streams: childStreams)
        } catch {
            (parentEnds + childEnds).forEach { close($0) }
            throw error
        }
        // The child holds its own copies now; ours would keep its pipes from ever reaching EOF.
        childEnds.forEach { close($0) }
        self.path = path
        standardOutput = ChildProcessReader(fd: ends.out, path: path)
        standardError = ChildProcessReader(fd: ends.err, path: path)
        if let input { Self.write(input, to: ends.input) }
    }

    /// Sends `signal` (`SIGTERM`, `SIGINT`, `SIGKILL`, `SIGSTOP`, …); nothing once the child was
    /// reaped, since its pid may name another process by then.
    public func signal(_ signal: Int32) throws(ChildProcessError) {
        guard terminationReason == nil else { return }
        try ChildProcessError.check(kill(pid, signal), .signal, "kill(\(pid), \(signal))", path: path)
    }

    /// Waits for the child to end and returns its exit code, or the number of the signal that
    /// ended it (see `terminationReason`); at once if it already ended.
    @discardableResult
    public func wait() throws(ChildProcessError) -> Int32 {
        if terminationReason == nil { _ = try reap(options: 0) }
        return terminationStatus
    }

    /// Whether the child has not ended yet; reaps it if it has.
    public var isRunning: Bool {
        guard terminationReason == nil else { return false }
        return (try? reap(options: WNOHANG)) == false
    }

    /// `waitpid`, retried on `EINTR`: true once the child was reaped, false if it still runs.
    private func reap(options: Int32) throws(ChildProcessError) -> Bool {
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, options)
            if result == pid {
                (terminationReason, terminationStatus) = Self.decode(waitStatus: status)
                return true
            }
            if result == 0 { return false }
            if errno != EINTR { throw ChildProcessError(.wait, code: errno, call: "waitpid(\(pid))", path: path) }
        }
    }

    /// Writes `bytes` to the child's standard input and closes it, on a thread of its own so
    /// that a child not reading yet cannot block the caller.
    private static func write(_ bytes: [UInt8], to fd: Int32) {
        let thread = Thread {
            // A child that exits without reading makes the write fail with EPIPE; blocked here, the
            // SIGPIPE stays pending on this thread and is dropped when it ends, instead of killing
            // the test process.
            var pipeSignal = sigset_t()
            sigemptyset(&pipeSignal)
            sigaddset(&pipeSignal, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
            var offset = 0
            while offset < bytes.count {
                let count = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
                if count > 0 { offset += count } else if count == -1 && errno == EINTR { continue } else { break }
            }
            close(fd)
        }
        thread.start()
    }
}
