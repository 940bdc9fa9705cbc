#if canImport(Glibc)
internal import Glibc
#endif

/// The read end of a child's standard output or standard error: lines, or everything to EOF.
///
/// Reads block until the child writes or closes its end. Owns the descriptor and closes it in
/// `deinit`; a child still writing then gets `EPIPE`, as with any closed pipe.
public final class ChildProcessReader {
    fileprivate let fd: Int32
    fileprivate let path: String
    /// Bytes read past the last line handed out.
    fileprivate var buffered: [UInt8] = []

    /// A reader of `fd`, or an empty one for -1 (the child's output was discarded).
    init(fd: Int32, path: String) {
        self.fd = fd
        self.path = path
    }

    deinit {
        if fd >= 0 { close(fd) }
    }

    /// The next line without its `\n`, or nil at EOF; a last line without `\n` still counts.
    public func readLine() throws(ChildProcessError) -> String? {
        while true {
            if let newline = buffered.firstIndex(of: 0x0A) {
                let line = buffered[..<newline]
                buffered.removeSubrange(...newline)
                return String(decoding: line, as: UTF8.self)
            }
            let chunk = try Self.read(fd, path: path)
            if chunk.isEmpty {
                defer { buffered = [] }
                return buffered.isEmpty ? nil : String(decoding: buffered, as: UTF8.self)
            }
            buffered += chunk
        }
    }

    /// Everything left up to EOF (the child exited or closed its end).
    public func readToEnd() throws(ChildProcessError) -> [UInt8] {
        var bytes = buffered
        buffered = []
        bytes += try Self.readToEnd(fd, path: path)
        return bytes
    }

    /// Reads `fd` to EOF; an empty array for -1.
    static func readToEnd(_ fd: Int32, path: String) throws(ChildProcessError) -> [UInt8] {
        var bytes: [UInt8] = []
        while true {
            let chunk = try read(fd, path: path)
            if chunk.isEmpty { return bytes }
            bytes += chunk
        }
    }

    /// One `read` of up to 64 KiB, retried on `EINTR`; empty at EOF or for -1.
    fileprivate static func read(_ fd: Int32, path: String) throws(ChildProcessError) -> [UInt8] {
        guard fd >= 0 else { return [] }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count >= 0 { return Array(chunk[..<count]) }
            if errno != EINTR { throw ChildProcessError(.read, code: errno, call: "read", path: path) }
        }
    }
}

extension ChildProcessReader {
    /// Reads two readers to EOF at once with `poll`, whichever has bytes first, so that a child
    /// blocked writing one pipe never waits for us to finish reading the other.
    static func readToEnd(_ first: ChildProcessReader, _ second: ChildProcessReader) throws(ChildProcessError) -> ([UInt8], [UInt8]) {
        var results = [first.buffered, second.buffered]
        (first.buffered, second.buffered) = ([], [])
        // poll skips entries whose fd is negative: an empty reader, or one at EOF.
        var entries = [first.fd, second.fd].map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        while entries.contains(where: { $0.fd >= 0 }) {
            if poll(&entries, nfds_t(entries.count), -1) == -1 {
                if errno == EINTR { continue }
                throw ChildProcessError(.read, code: errno, call: "poll", path: first.path)
            }
            for index in entries.indices where entries[index].fd >= 0 && entries[index].revents != 0 {
                let chunk = try read(entries[index].fd, path: first.path)
                if chunk.isEmpty { entries[index].fd = -1 } else { results[index] += chunk }
            }
        }
        return (results[0], results[1])
    }
}
