#if canImport(Glibc)
internal import Glibc
#endif

/// The single owner of a non-blocking TCP client socket; closes it when dropped unless released.
///
/// Every wait goes through `poll` with a deadline, so a silent server cannot hang a test.
struct Socket: ~Copyable {
    /// What one `receive` call saw.
    enum Received {
        case bytes([UInt8])
        case closed
        case timedOut
    }

    let fd: Int32
    let peer: String
    /// Cleared by `release`, after which deinit leaves the descriptor open for its new owner.
    private var ownsDescriptor = true

    /// Connects to an IPv4 address (or `localhost`) within `deadline`.
    /// - Parameter source: The local address to connect from (another loopback address, say `127.0.0.2`).
    static func connect(
        to host: String, port: Int, from source: String? = nil, deadline: ContinuousClock.Instant
    ) throws(HTTPTestError) -> Socket {
        let peer = "\(host):\(port)"
        var address = try address(host: host, port: port)
        let flags = SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue | SOCK_NONBLOCK.rawValue
        let socket = Socket(fd: try PosixCheck.check(Glibc.socket(AF_INET, Int32(flags), 0), "socket", url: peer), peer: peer)
        if let source {
            var local = try Self.address(host: source, port: 0)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(socket.fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            _ = try PosixCheck.check(bound, "bind \(source)", url: peer)
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socket.fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        if result < 0 {
            guard errno == EINPROGRESS else { throw PosixCheck.error(errno, "connect", url: peer) }
            try socket.finishConnect(until: deadline)
        }
        return socket
    }

    /// A view of a descriptor owned elsewhere (one handed out by `release`); never closes it.
    static func borrowing(_ fd: Int32) -> Socket {
        var socket = Socket(fd: fd, peer: "fd \(fd)")
        socket.ownsDescriptor = false
        return socket
    }

    private init(fd: Int32, peer: String) {
        self.fd = fd
        self.peer = peer
    }

    deinit {
        if ownsDescriptor {
            Glibc.close(fd)
        }
    }

    /// Gives up ownership and returns the descriptor; the caller must close it.
    consuming func release() -> Int32 {
        ownsDescriptor = false
        return fd
    }

    /// Waits for a non-blocking connect and reports its outcome (refused, timed out).
    private func finishConnect(until deadline: ContinuousClock.Instant) throws(HTTPTestError) {
        guard try wait(for: Int16(POLLOUT), until: deadline) else {
            throw HTTPTestError(kind: .timedOut, code: Int(ETIMEDOUT), message: "connect timed out", url: peer)
        }
        var pending: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        try PosixCheck.check(getsockopt(fd, SOL_SOCKET, SO_ERROR, &pending, &length), "getsockopt(SO_ERROR)", url: peer)
        guard pending == 0 else { throw PosixCheck.error(pending, "connect", url: peer) }
    }

    /// Writes all of `bytes`; returns false if the peer closed or reset first (its response may still be readable).
    func sendAll(_ bytes: [UInt8], until deadline: ContinuousClock.Instant) throws(HTTPTestError) -> Bool {
        var offset = 0
        while offset < bytes.count {
            // MSG_NOSIGNAL: a server that closes early must produce EPIPE here, not kill the test process.
            let sent = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            if sent >= 0 {
                offset += sent
                continue
            }
            switch errno {
            case EINTR: continue
            case EPIPE, ECONNRESET: return false
            case EAGAIN, EWOULDBLOCK:
                guard try wait(for: Int16(POLLOUT), until: deadline) else {
                    throw HTTPTestError(kind: .timedOut, code: Int(ETIMEDOUT), message: "sent \(offset) of \(bytes.count) bytes", url: peer)
                }
            default: throw PosixCheck.error(errno, "send", url: peer)
            }
        }
        return true
    }

    /// Waits for and returns the next bytes, EOF, or the deadline passing.
    ///
    /// A reset counts as `.closed`: a server that closes with our request bytes unread makes the
    /// kernel send RST, and that is its way of ending the exchange.
    func receive(until deadline: ContinuousClock.Instant) throws(HTTPTestError) -> Received {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 { return .bytes(Array(buffer[..<count])) }
            if count == 0 { return .closed }
            switch errno {
            case EINTR: continue
            case ECONNRESET: return .closed
            case EAGAIN, EWOULDBLOCK:
                guard try wait(for: Int16(POLLIN), until: deadline) else { return .timedOut }
            default: throw PosixCheck.error(errno, "recv", url: peer)
            }
        }
    }

    /// Polls for `events`; false when the deadline passes first.
    private func wait(for events: Int16, until deadline: ContinuousClock.Instant) throws(HTTPTestError) -> Bool {
        var descriptor = pollfd(fd: fd, events: events, revents: 0)
        while true {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return false }
            let milliseconds = Int32(clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
            let ready = poll(&descriptor, 1, milliseconds)
            if ready > 0 { return true }
            if ready < 0, errno != EINTR { throw PosixCheck.error(errno, "poll", url: peer) }
        }
    }

    private static func address(host: String, port: Int) throws(HTTPTestError) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(clamping: port).bigEndian)
        let literal = host == "localhost" ? "127.0.0.1" : host
        guard inet_pton(AF_INET, literal, &address.sin_addr) == 1 else {
            throw HTTPTestError(kind: .setup, code: 0, message: "not an IPv4 address: \(host)", url: "\(host):\(port)")
        }
        return address
    }
}

@available(*, unavailable)
extension Socket: Sendable {}
