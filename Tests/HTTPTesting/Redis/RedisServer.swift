import Foundation
import Synchronization
public import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A real `redis-server` on loopback, started and stopped by the test that needs it.
///
/// No persistence (`--save ''`, `--appendonly no`), so a restart on the same port comes back
/// empty, as after a crash. `make test` installs the Debian package; without it the tests that
/// need a server record an issue and stop.
///
/// Tests that only need a working Redis use `RedisServer.shared`: the one `make test` starts on a
/// loopback port (`GOTTAGO_TEST_REDIS_PORT`), or else one of their own. Tests that stop, freeze
/// or restart Redis always start their own.
///
/// `@unchecked`: the one test that started it drives it.
public final class RedisServer: @unchecked Sendable {
    public let port: Int
    let extraArguments: [String]
    private var process: ChildProcess?

    public var url: String { "redis://127.0.0.1:\(port)/0" }

    /// The `redis://` URL of the server `make test` started, or of a fresh one that `body` owns.
    public static func shared(sourceLocation: SourceLocation = #_sourceLocation, _ body: (String) async throws -> Void) async throws {
        if let text = ProcessInfo.processInfo.environment["GOTTAGO_TEST_REDIS_PORT"], let port = Int(text), ping(port: port) {
            try await body("redis://127.0.0.1:\(port)/0")
            return
        }
        try await with(sourceLocation: sourceLocation) { server in try await body(server.url) }
    }

    private init(port: Int, extraArguments: [String], process: ChildProcess?) {
        self.port = port
        self.extraArguments = extraArguments
        self.process = process
    }

    public static var executable: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let candidates = path.split(separator: ":").map { "\($0)/redis-server" } + ["/usr/bin/redis-server", "/usr/sbin/redis-server"]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `body` with a fresh server, stopped afterwards; records an issue if there is no
    /// `redis-server` on this machine.
    public static func with(
        arguments: [String] = [], sourceLocation: SourceLocation = #_sourceLocation, _ body: (RedisServer) async throws -> Void
    ) async throws {
        guard let executable else {
            Issue.record("redis-server is not installed (apt-get install redis-server; `make test` does it)", sourceLocation: sourceLocation)
            return
        }
        // Waited for off the cooperative pool: on a loaded machine the server takes a while to
        // answer, and the test's own servers need the pool's few threads meanwhile.
        // Another attempt on another port if a concurrent test run took the first one meanwhile.
        let server = try await offPool {
            var attempt = 0
            while true {
                attempt += 1
                do { return try start(executable: executable, port: try freePort(), arguments: arguments) } catch where attempt < 3 { continue }
            }
        }
        defer { server.stop() }
        try await body(server)
    }

    private static func start(executable: String, port: Int, arguments: [String]) throws -> RedisServer {
        let process = try launch(executable: executable, port: port, arguments: arguments)
        let server = RedisServer(port: port, extraArguments: arguments, process: process)
        try server.waitUntilReady()
        return server
    }

    private static func launch(executable: String, port: Int, arguments: [String]) throws -> ChildProcess {
        try ChildProcess(
            executable, arguments: ["--port", "\(port)", "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"] + arguments,
            output: .discarded)
    }

    /// Kills the server at once, as a crash would (no goodbye to clients).
    public func stop() {
        guard let process, process.isRunning else { return }
        try? process.signal(SIGKILL)
        _ = try? process.wait()
    }

    /// Starts a new server on the same port, waiting for it off the cooperative pool.
    public func restart() async throws {
        try await offPool { [self] in try restartBlocking() }
    }

    private func restartBlocking() throws {
        stop()
        guard let executable = Self.executable else { return }
        process = try Self.launch(executable: executable, port: port, arguments: extraArguments)
        try waitUntilReady()
    }

    /// Freezes the server (SIGSTOP): connections stay open, nothing answers.
    public func pause() {
        guard let process else { return }
        try? process.signal(SIGSTOP)
    }

    /// Thaws it (SIGCONT).
    public func resume() {
        guard let process else { return }
        try? process.signal(SIGCONT)
    }

    /// Polls with `INFO server` until the server answers, for up to 10 s, and checks that the one
    /// answering is ours: another server that took the port first would answer too, while ours,
    /// unable to bind it, exits.
    private func waitUntilReady() throws {
        for _ in 0..<1000 {
            if let pid = process?.pid, let answering = Self.answeringPID(port: port, password: password) {
                if answering == pid { return }
                stop()
                throw ServerError(message: "port \(port) is another redis-server's (pid \(answering))")
            }
            guard process?.isRunning == true else { break }
            usleep(10_000)
        }
        stop()
        throw ServerError(message: "redis-server on port \(port) did not answer")
    }

    /// The password given with `--requirepass`, if any.
    private var password: String? {
        extraArguments.firstIndex(of: "--requirepass").flatMap { $0 + 1 < extraArguments.count ? extraArguments[$0 + 1] : nil }
    }

    struct ServerError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    private static func ping(port: Int) -> Bool {
        // A server with a password answers -NOAUTH: up all the same.
        let text = exchange(port: port, request: "PING\r\n") { _ in true }
        return text.hasPrefix("+PONG") || text.hasPrefix("-NOAUTH")
    }

    /// The process id of the server answering on `port` (`INFO server`), after `AUTH` when it has a password.
    private static func answeringPID(port: Int, password: String?) -> Int32? {
        let request = (password.map { "AUTH \($0)\r\n" } ?? "") + "INFO server\r\n"
        let text = exchange(port: port, request: request) { $0.contains("process_id:") && $0.hasSuffix("\r\n") }
        guard let line = text.split(separator: "\r\n").first(where: { $0.hasPrefix("process_id:") }) else { return nil }
        return Int32(line.dropFirst("process_id:".count))
    }

    /// Sends `request` on a new connection and reads until `done` says the reply is complete, the
    /// server closes, 16 KiB have come or a read waits a second.
    private static func exchange(port: Int, request: String, done: (String) -> Bool) -> String {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return "" }
        defer { close(socket) }
        var timeout = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = loopback(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return "" }
        let bytes = Array(request.utf8)
        guard send(socket, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count else { return "" }
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while received.count < 16 * 1024 {
            let count = recv(socket, &chunk, chunk.count, 0)
            guard count > 0 else { break }
            received += chunk[..<count]
            if done(String(decoding: received, as: UTF8.self)) { break }
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// A port nobody listens on right now, outside the kernel's ephemeral range, and not handed
    /// out before by this process.
    ///
    /// The kernel hands out ports of that range to every listener on port 0 and to every outgoing
    /// connection, so a port taken from it could be given to another test's server between our
    /// check and our use, or while a server restarts on it. Outside the range only a test that
    /// asks for a port there can take it. The rule is `scripts/ports.sh`'s.
    public static func freePort() throws -> Int {
        let range = try fixedPortRange()
        for _ in 0..<200 {
            let port = Int.random(in: range)
            guard isFree(port: port), handedOut.withLock({ $0.insert(port).inserted }) else { continue }
            return port
        }
        throw ServerError(message: "no free loopback port in \(range)")
    }

    /// The ports `freePort` has returned, none twice.
    private static let handedOut = Mutex<Set<Int>>([])

    /// The kernel's ephemeral range, `ip_local_port_range` (32768...60999 by default).
    private static func ephemeralRange() -> ClosedRange<Int> {
        let text = (try? String(contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8)) ?? ""
        let numbers = text.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        guard numbers.count == 2, numbers[0] <= numbers[1] else { return 32768...60999 }
        return numbers[0]...numbers[1]
    }

    /// Where `freePort` looks: the 12,000 ports below the ephemeral range, or, when fewer than
    /// 4,096 unprivileged ports lie below it, those above it.
    static func fixedPortRange() throws -> Range<Int> {
        let ephemeral = ephemeralRange()
        if ephemeral.lowerBound - 1024 >= 4096 { return max(1024, ephemeral.lowerBound - 12_000)..<ephemeral.lowerBound }
        if 65535 - ephemeral.upperBound >= 4096 { return (ephemeral.upperBound + 1)..<min(65536, ephemeral.upperBound + 12_001) }
        throw ServerError(message: "no room for fixed ports outside the ephemeral range \(ephemeral)")
    }

    /// Whether a server could bind `port` now: nobody listens on it. `SO_REUSEADDR`, as
    /// redis-server sets, so that connections of an earlier server in TIME_WAIT don't count.
    private static func isFree(port: Int) -> Bool {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return false }
        defer { close(socket) }
        var reuse: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = loopback(port: port)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        } == 0
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }
}
