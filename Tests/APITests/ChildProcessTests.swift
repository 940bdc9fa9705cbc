import Foundation
import HTTPTesting
import Testing

/// `ChildProcess` against `/bin/sh` and friends: exit codes, pipes, environment, input, signals,
/// and what the child inherits. Every run happens off the cooperative pool.
@Suite("ChildProcess")
struct ChildProcessTests {
    static func sh(_ script: String, environment: [String: String]? = nil, input: [UInt8]? = nil) async throws
        -> (status: Int32, out: String, err: String)
    {
        let result = try await offPool { try ChildProcess.run("/bin/sh", arguments: ["-c", script], environment: environment, input: input) }
        return (result.status, String(decoding: result.out, as: UTF8.self), String(decoding: result.err, as: UTF8.self))
    }

    @Test("the exit code comes back", arguments: [0, 3, 255] as [Int32])
    func exitCode(code: Int32) async throws {
        #expect(try await Self.sh("exit \(code)").status == code)
    }

    @Test("standard output and standard error are captured apart")
    func separateStreams() async throws {
        let result = try await Self.sh("echo out; echo err >&2; printf tail")
        #expect(result.out == "out\ntail")
        #expect(result.err == "err\n")
    }

    @Test("a megabyte on each stream at once does not deadlock")
    func largeOutput() async throws {
        let size = 1 << 20
        let result = try await offPool {
            try ChildProcess.run("/bin/sh", arguments: ["-c", "head -c \(size) /dev/zero | tr '\\0' o >&2; head -c \(size) /dev/zero | tr '\\0' x"])
        }
        #expect(result.status == 0)
        #expect(result.out.count == size && result.out.allSatisfy { $0 == UInt8(ascii: "x") })
        #expect(result.err.count == size && result.err.allSatisfy { $0 == UInt8(ascii: "o") })
    }

    @Test("a given environment is the whole environment; none inherits ours")
    func environment() async throws {
        let given = try await Self.sh("echo \"$CHILD_TEST_VALUE|${HOME-unset}\"", environment: ["CHILD_TEST_VALUE": "a b=c"])
        #expect(given.out == "a b=c|unset\n")
        let home = try #require(ProcessInfo.processInfo.environment["HOME"])
        let inherited = try await Self.sh("echo \"${CHILD_TEST_VALUE-unset}|$HOME\"")
        #expect(inherited.out == "unset|\(home)\n")
    }

    @Test("input bytes arrive on standard input; without them it is empty")
    func input() async throws {
        let bytes = Array((0..<200_000).map { UInt8(truncatingIfNeeded: $0 % 251) })
        let counted = try await Self.sh("wc -c", input: bytes)
        #expect(counted.out.trimmingCharacters(in: .whitespacesAndNewlines) == "\(bytes.count)")
        let echoed = try await offPool { try ChildProcess.run("/bin/cat", input: bytes).out }
        #expect(echoed == bytes)
        #expect(try await Self.sh("wc -c").out.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    }

    @Test("a child that exits without reading its input does not bring us down")
    func unreadInput() async throws {
        #expect(try await Self.sh("exit 4", input: Array(repeating: 0x61, count: 1 << 20)).status == 4)
    }

    @Test("SIGTERM ends `sleep 30` and is reported as a signal")
    func terminate() async throws {
        let (status, reason) = try await offPool { () -> (Int32, ChildProcess.TerminationReason?) in
            let child = try ChildProcess("/bin/sh", arguments: ["-c", "echo ready; exec sleep 30"])
            #expect(child.isRunning)
            #expect(try child.standardOutput.readLine() == "ready")
            try child.signal(SIGTERM)
            return (try child.wait(), child.terminationReason)
        }
        #expect(status == SIGTERM)
        #expect(reason == .signal)
    }

    @Test("an exit is reported as an exit, and wait() again gives the same answer")
    func exitReason() async throws {
        let (first, second, reason, running) = try await offPool { () -> (Int32, Int32, ChildProcess.TerminationReason?, Bool) in
            let child = try ChildProcess("/bin/sh", arguments: ["-c", "exit 7"])
            let first = try child.wait()
            return (first, try child.wait(), child.terminationReason, child.isRunning)
        }
        #expect(first == 7 && second == 7)
        #expect(reason == .exit)
        #expect(!running)
    }

    @Test("a missing executable is a spawn error naming it")
    func missingExecutable() throws {
        let path = "/nonexistent/gottago-\(UUID().uuidString)"
        let error = #expect(throws: ChildProcessError.self) { try ChildProcess.run(path) }
        #expect(error?.kind == .spawn)
        #expect(error?.code == ENOENT)
        #expect(error?.path == path)
        #expect(error?.message.contains("No such file or directory") == true)
    }

    @Test("the child gets descriptors 0, 1 and 2 only, however many this process holds")
    func noLeakedDescriptors() async throws {
        // Descriptors of our own, without close-on-exec, that a careless spawn would hand down.
        let held = (0..<20).map { _ in open("/dev/null", O_RDONLY) }
        defer { held.forEach { close($0) } }
        #expect(held.allSatisfy { $0 > 2 })
        // `ls` lists the directory through a descriptor of its own: the one not in 0, 1, 2.
        let listing = try await Self.sh("ls /proc/self/fd")
        let descriptors = listing.out.split(separator: "\n").compactMap { Int($0) }.sorted()
        #expect(descriptors.count == 4)
        #expect(descriptors.prefix(3) == [0, 1, 2])
        // The child's table seen from here, where no listing descriptor of its own gets in the way.
        let table = try await offPool { () -> [String] in
            let child = try ChildProcess("/bin/sh", arguments: ["-c", "echo ready; exec sleep 30"])
            defer {
                try? child.signal(SIGKILL)
                _ = try? child.wait()
            }
            _ = try child.standardOutput.readLine()
            // Once `sleep` sleeps: while it starts, its loader holds the libraries it opens.
            var polls = 0
            while !Self.isSleeping(child.pid), polls < 3000 {
                usleep(10_000)
                polls += 1
            }
            return try FileManager.default.contentsOfDirectory(atPath: "/proc/\(child.pid)/fd").sorted()
        }
        #expect(table == ["0", "1", "2"])
    }

    /// Whether process `pid` runs `sleep` and is asleep (state `S` in /proc/PID/stat).
    static func isSleeping(_ pid: pid_t) -> Bool {
        guard let comm = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8), comm == "sleep\n",
              let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")")
        else { return false }
        return stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("S")
    }

    @Test("the child's standard input is /dev/null unless given bytes")
    func standardInputIsNull() async throws {
        #expect(try await Self.sh("readlink /proc/self/fd/0").out == "/dev/null\n")
    }
}
