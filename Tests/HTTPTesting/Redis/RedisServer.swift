import Foundation
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

    /// Polls with `PING` until the server answers, for up to 10 s.
    private func waitUntilReady() throws {
        for _ in 0..<1000 {
            if Self.ping(port: port) { return }
            guard process?.isRunning == true else { break }
            usleep(10_000)
        }
        stop()
        throw ServerError(message: "redis-server on port \(port) did not answer PING")
    }

    struct ServerError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    private static func ping(port: Int) -> Bool {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return false }
        defer { close(socket) }
        var timeout = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = loopback(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return false }
        let request = Array("PING\r\n".utf8)
        guard send(socket, request, request.count, Int32(MSG_NOSIGNAL)) == request.count else { return false }
        var reply = [UInt8](repeating: 0, count: 64)
        let count = recv(socket, &reply, reply.count, 0)
        // A server with a password answers -NOAUTH: up all the same.
        let text = count > 0 ? String(decoding: reply[..<count], as: UTF8.self) : ""
        return text.hasPrefix("+PONG") || text.hasPrefix("-NOAUTH")
    }

    /// A port nobody listens on right now, below the kernel's ephemeral range.
    ///
    /// The kernel hands out ports of that range to every listener on port 0 and to every outgoing
    /// connection, so a port taken from it could be given to another test's server between our
    /// check and our use, or while a server restarts on it. Below the range only a test that
    /// asks for a port here can take it.
    public static func freePort() throws -> Int {
        let ephemeral = ephemeralRangeStart()
        let range = max(1024, ephemeral - 12_000)..<ephemeral
        for _ in 0..<200 {
            let port = Int.random(in: range)
            if isFree(port: port) { return port }
        }
        throw ServerError(message: "no free loopback port in \(range)")
    }

    /// The first port of `ip_local_port_range` (32768 on Linux by default).
    public static func ephemeralRangeStart() -> Int {
        let text = (try? String(contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8)) ?? ""
        let first = text.split(whereSeparator: \.isWhitespace).first.flatMap { Int($0) } ?? 32768
        return min(max(first, 2048), 65536)
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
