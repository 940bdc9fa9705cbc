#if canImport(Glibc)
import Glibc
#endif

/// A bound, listening TCP socket, made here so that `--port 0` can report the port it got.
struct ListenSocket {
    let descriptor: Int32
    let host: String
    let port: Int

    /// Binds `host:port` (IPv4 or IPv6 literal, or a name that resolves) and listens.
    static func open(host: String, port: Int, backlog: Int32 = 1024) throws(ServerError) -> ListenSocket {
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

        // Non-blocking: every server thread polls this socket, and with MHD_USE_TURBO accepts on it
        // without asking first; a blocking accept would stall a thread that lost the race.
        let fd = socket(
            first.pointee.ai_family,
            Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw .system("socket", errno) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        guard bind(fd, first.pointee.ai_addr, first.pointee.ai_addrlen) == 0 else {
            let code = errno
            close(fd)
            throw .system("bind \(host):\(port)", code)
        }
        guard listen(fd, backlog) == 0 else {
            let code = errno
            close(fd)
            throw .system("listen", code)
        }
        return ListenSocket(descriptor: fd, host: host, port: boundPort(fd))
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
