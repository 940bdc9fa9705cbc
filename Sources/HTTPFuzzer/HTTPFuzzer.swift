#if canImport(Glibc)
import Glibc
#endif
import FuzzDriver
import Markup
import Server

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    HTTPFuzzer.run(UnsafeBufferPointer(start: data, count: data == nil ? 0 : size))
    return 0
}
#endif

/// Arbitrary bytes through the HTTP core's connection state machine: each input is one client
/// connection (a socket pair, one end served by a running server's event loop), its bytes written
/// in pieces whose sizes the input's first two bytes choose, then the write side shut; the
/// server's answer is read to its end. A crash, a leak, or an answer that never ends (libFuzzer's
/// timeout) is a finding.
///
/// ```
/// HTTPFuzzer [libFuzzer flags] [DIR…]   libFuzzer (FUZZING build)
/// HTTPFuzzer FILE|DIR…                  replays inputs (plain build)
/// ```
@main
enum HTTPFuzzer {
    /// A server with a route of each kind: answered on the loop, by a handler task, with a body, streamed.
    static let server: HTTPServer = {
        var configuration = ServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.threads = 1
        configuration.accessLog = .off
        configuration.limits.maxConnectionsPerClient = 1 << 20
        configuration.limits.maxConnections = 1 << 20
        let routes: [Route] = [
            .getInline("/hello", summary: "A document answered on the loop.") { request in
                .document(.element("hello", [.leaf("to", "world")]), for: request, cache: .noStore)
            },
            .get("/later", summary: "A document from a handler task.") { request in
                await Task.yield()
                return .document(.element("later", [.leaf("to", "world")]), for: request, cache: .noStore)
            },
            Route("POST", "/upload", summary: "The body's size.", immediate: { request in
                .document(.element("upload", [.leaf("bytes", request.body.count)]), for: request, cache: .noStore)
            }),
        ]
        let sink = LogSink(descriptor: -1)
        let log = ServerLog(sink: sink)
        let responder = try! Responder(routes: routes, configuration: configuration, log: log)
        let server = HTTPServer(responder: responder, configuration: configuration, log: log, accessLog: AccessLog(format: .off, sink: sink))
        _ = try! server.start()
        return server
    }()

    /// One input as one connection; the bytes the server answered with.
    @discardableResult
    static func run(_ input: UnsafeBufferPointer<UInt8>) -> Int {
        guard input.count >= 2 else { return 0 }
        var pair: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0 else { return 0 }
        let client = pair[0]
        guard server.serve(connected: pair[1], remote: "127.0.0.1") else { fatalError("the event-loop core is not serving") }
        var seed = UInt64(input[0]) << 8 | UInt64(input[1])
        var offset = 2
        while offset < input.count {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            let size = min(Int(seed >> 58) + 1, input.count - offset)
            let sent = send(client, input.baseAddress! + offset, size, Int32(MSG_NOSIGNAL))
            if sent <= 0 { break }
            offset += sent
        }
        shutdown(client, Int32(SHUT_WR))
        // Read to the end: the server closes once it has answered what it could.
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        var answered = 0
        while true {
            let count = recv(client, &buffer, buffer.count, 0)
            if count <= 0 { break }
            answered += count
        }
        close(client)
        return answered
    }

    static func main() {
        _ = server
        #if FUZZING
        exit(FuzzDriver.run { data, size in
            HTTPFuzzer.run(UnsafeBufferPointer(start: data, count: data == nil ? 0 : size))
            return 0
        })
        #else
        let arguments = Array(CommandLine.arguments.dropFirst())
        var count = 0
        var answered = 0
        for argument in arguments {
            for path in files(argument) {
                guard let file = fopen(path, "rb") else { continue }
                var bytes: [UInt8] = []
                var chunk = [UInt8](repeating: 0, count: 65536)
                while true {
                    let read = fread(&chunk, 1, chunk.count, file)
                    if read <= 0 { break }
                    bytes += chunk[0..<read]
                }
                fclose(file)
                answered += bytes.withUnsafeBufferPointer { run($0) }
                count += 1
            }
        }
        print("replayed \(count) inputs through the HTTP core, \(answered) bytes answered")
        #endif
    }

    /// The files under a path (itself, for a file).
    static func files(_ path: String) -> [String] {
        guard let directory = opendir(path) else { return [path] }
        defer { closedir(directory) }
        var found: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name == "." || name == ".." { continue }
            found += files(path + "/" + name)
        }
        return found.sorted()
    }
}
