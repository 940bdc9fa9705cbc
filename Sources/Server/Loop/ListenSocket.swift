internal import CEpoll
#if canImport(Glibc)
import Glibc
#endif

/// A bound, listening TCP socket, made here so that `--port 0` can report the port it got.
struct ListenSocket {
    let descriptor: Int32
    let host: String
    let port: Int

    /// Binds `host:port` (IPv4 or IPv6 literal, or a name that resolves) and listens, `count`
    /// sockets on the one port with `SO_REUSEPORT`, among which the kernel spreads new
    /// connections evenly (by a hash of the client's address and port).
    ///
    /// Before a group of several is bound to a given port, a socket without `SO_REUSEPORT` checks
    /// that nobody listens on it: a second server started on the port fails as it would without
    /// the group, rather than silently sharing its connections with the first. (A single socket
    /// is bound without `SO_REUSEPORT`, and its own bind says so.)
    static func open(host: String, port: Int, count: Int = 1, backlog: Int32 = 1024) throws(ServerError) -> [ListenSocket] {
        guard (0...65535).contains(port) else { throw .invalidAddress("port \(port) is out of range") }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let rc = getaddrinfo(host, String(port), &hints, &list)
        guard rc == 0, let first = list else {
            throw .invalidAddress("cannot resolve \(host): \(String(cString: gai_strerror(rc)))")
        }
        defer { freeaddrinfo(list) }
        let address = first.pointee
        if port != 0, count > 1 { close(try bound(address, host: host, port: port, reusePort: false)) }
        var sockets: [ListenSocket] = []
        do throws(ServerError) {
            var boundPort = port
            for _ in 0..<max(count, 1) {
                let fd = try bound(address, host: host, port: boundPort, reusePort: count > 1)
                boundPort = Self.boundPort(fd)
                sockets.append(ListenSocket(descriptor: fd, host: host, port: boundPort))
                guard listen(fd, backlog) == 0 else { throw ServerError.system("listen", errno) }
            }
        } catch {
            for socket in sockets { close(socket.descriptor) }
            throw error
        }
        return sockets
    }

    /// A socket bound to `address` with `port` (the port of the group's first, after it picked one).
    private static func bound(_ address: addrinfo, host: String, port: Int, reusePort: Bool) throws(ServerError) -> Int32 {
        // Non-blocking: a loop accepts until the queue is empty; a blocking accept would stall
        // it when a connection's reset emptied the queue between epoll's word and the accept.
        let fd = socket(address.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw .system("socket", errno) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        if reusePort { setsockopt(fd, SOL_SOCKET, SO_REUSEPORT, &yes, socklen_t(MemoryLayout<Int32>.size)) }
        var storage = sockaddr_storage()
        withUnsafeMutableBytes(of: &storage) { raw in
            raw.copyMemory(from: UnsafeRawBufferPointer(start: address.ai_addr, count: Int(address.ai_addrlen)))
        }
        withUnsafeMutablePointer(to: &storage) { pointer in
            if address.ai_family == AF_INET6 {
                pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_port = UInt16(port).bigEndian }
            } else {
                pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_port = UInt16(port).bigEndian }
            }
        }
        let result = withUnsafePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, address.ai_addrlen) }
        }
        guard result == 0 else {
            let code = errno
            close(fd)
            throw .system("bind \(host):\(port)", code)
        }
        return fd
    }

    private static func boundPort(_ fd: Int32) -> Int {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let family = withUnsafeMutablePointer(to: &storage) { pointer -> Int32 in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(fd, $0, &length) }
            return Int32(pointer.pointee.ss_family)
        }
        return withUnsafePointer(to: &storage) { pointer in
            if family == AF_INET6 {
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) }
            }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
        }
    }
}

/// Renders a socket address as text (`127.0.0.1`, `::1`).
func addressText(_ address: UnsafePointer<sockaddr>?) -> String {
    guard let address else { return "-" }
    var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
    switch Int32(address.pointee.sa_family) {
    case AF_INET:
        address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { inet in
            var raw = inet.pointee.sin_addr
            _ = inet_ntop(AF_INET, &raw, &buffer, socklen_t(buffer.count))
        }
    case AF_INET6:
        address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { inet in
            var raw = inet.pointee.sin6_addr
            _ = inet_ntop(AF_INET6, &raw, &buffer, socklen_t(buffer.count))
        }
    default:
        return "-"
    }
    let text = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    return String(decoding: text, as: UTF8.self)
}

/// Raises the soft limit on open files to the hard limit, so thousands of connections fit.
func raiseOpenFileLimit() {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
    limit.rlim_cur = limit.rlim_max
    _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
}
