#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// The failure modes that need the socket itself, which the project's server would never do on
/// purpose: `/reset` (the connection reset once the request is read), `/drip` (a 1,000-byte body
/// sent one byte every 50 ms), `/cut` (half the announced body, then the connection closed),
/// `/nothing` (closed without a byte), `/not-http` (600 bytes of garbage instead of a response),
/// `/bad-status` (a status line that is not HTTP's), `/no-colon` (a header line without a colon),
/// `/bad-chunk` (a chunk size that is not hexadecimal), `/huge-header` (a 200 KB header line).
/// A TLS client hello gets a TLS alert (handshake failure) and the connection closed.
///
/// One thread accepts on 127.0.0.1 and serves each connection on a thread of its own.
public final class FaultServer: Sendable {
    public let port: Int
    private let listener: Int32
    private let stopped = Atomic<Bool>(false)
    private let connections = Atomic<Int>(0)

    /// Connections accepted so far.
    public var accepted: Int { connections.load(ordering: .relaxed) }

    public var base: String { "http://127.0.0.1:\(port)" }

    public init() throws(HTTPTestError) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw HTTPTestError(kind: .socket, code: Int(errno), message: "socket failed", url: "") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard bound == 0, named == 0, listen(fd, 64) == 0 else {
            close(fd)
            throw HTTPTestError(kind: .socket, code: Int(errno), message: "bind or listen failed", url: "")
        }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        let me = Unmanaged.passRetained(self).toOpaque()
        var thread = pthread_t()
        pthread_create(&thread, nil, { raw in
            guard let raw else { return nil }
            Unmanaged<FaultServer>.fromOpaque(raw).takeRetainedValue().acceptLoop()
            return nil
        }, me)
        pthread_detach(thread)
    }

    /// Stops accepting; connections being served finish on their own.
    public func stop() {
        guard !stopped.exchange(true, ordering: .relaxed) else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop() {
        while !stopped.load(ordering: .relaxed) {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else {
                if errno == EINTR { continue }
                return
            }
            connections.add(1, ordering: .relaxed)
            var thread = pthread_t()
            let box = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
            box.pointee = connection
            pthread_create(&thread, nil, { raw in
                guard let raw else { return nil }
                let fd = raw.assumingMemoryBound(to: Int32.self).pointee
                raw.assumingMemoryBound(to: Int32.self).deallocate()
                FaultServer.serve(fd)
                return nil
            }, box)
            pthread_detach(thread)
        }
    }

    private static func serve(_ fd: Int32) {
        defer { close(fd) }
        var request: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !request.contains(sequence: [13, 10, 13, 10]) {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return }
            request += buffer[0..<count]
            if request.first == 0x16 {
                // A TLS handshake record: a fatal handshake_failure alert (TLS 1.2 record, level 2, code 40).
                send(fd, [0x15, 0x03, 0x03, 0x00, 0x02, 0x02, 0x28])
                return
            }
            if request.count > 65536 { return }
        }
        let line = String(decoding: request.prefix { $0 != 13 }, as: UTF8.self)
        let target = line.split(separator: " ").dropFirst().first ?? ""
        let path = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let head = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\n"
        if path == "/reset" {
            // SO_LINGER with a zero timeout makes close() send a reset instead of a FIN.
            var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
            setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        } else if path == "/drip" {
            send(fd, head)
            for _ in 0..<1000 {
                guard send(fd, "x") else { return }
                usleep(50_000)
            }
        } else if path == "/cut" {
            send(fd, head + String(repeating: "x", count: 500))
        } else if path == "/nothing" {
            return
        } else if path == "/not-http" {
            send(fd, (0..<600).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) })
        } else if path == "/bad-status" {
            send(fd, "HTTP/1.1 abc OK\r\nContent-Length: 0\r\n\r\n")
        } else if path == "/no-colon" {
            send(fd, "HTTP/1.1 200 OK\r\nthis line has no colon\r\nContent-Length: 2\r\n\r\nok")
        } else if path == "/bad-chunk" {
            send(fd, "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n")
        } else if path == "/huge-header" {
            send(fd, "HTTP/1.1 200 OK\r\nX-Huge: " + String(repeating: "a", count: 200_000) + "\r\nContent-Length: 0\r\n\r\n")
        } else {
            send(fd, "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n")
        }
    }

    @discardableResult
    private static func send(_ fd: Int32, _ text: String) -> Bool {
        send(fd, Array(text.utf8))
    }

    @discardableResult
    private static func send(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }
}

extension Array where Element == UInt8 {
    fileprivate func contains(sequence: [UInt8]) -> Bool {
        guard count >= sequence.count else { return false }
        return (0...(count - sequence.count)).contains { self[$0..<($0 + sequence.count)].elementsEqual(sequence) }
    }
}
