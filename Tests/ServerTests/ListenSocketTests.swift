#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import Server

@Suite("Listening sockets")
struct ListenSocketTests {
    @Test("a group's sockets share one port, and the kernel gives each of them some of 200 connections")
    func aGroupSharesItsConnections() throws {
        let sockets = try ListenSocket.open(host: "127.0.0.1", port: 0, count: 4)
        defer { for socket in sockets { close(socket.descriptor) } }
        #expect(sockets.count == 4 && Set(sockets.map(\.port)).count == 1)
        var clients: [Int32] = []
        defer { for client in clients { close(client) } }
        for _ in 0..<200 { clients.append(try Self.connect(port: sockets[0].port)) }
        // Every connection is established before connect returns on loopback: each sits in one socket's queue.
        var accepted = [Int](repeating: 0, count: sockets.count)
        for (index, socket) in sockets.enumerated() {
            while case let fd = accept(socket.descriptor, nil, nil), fd >= 0 {
                accepted[index] += 1
                close(fd)
            }
        }
        #expect(accepted.reduce(0, +) == 200)
        #expect(accepted.allSatisfy { $0 > 0 }, "\(accepted)")
    }

    @Test("a second server on a port in use fails as one socket would, rather than sharing the port")
    func aPortInUseIsRefused() throws {
        let first = try ListenSocket.open(host: "127.0.0.1", port: 0, count: 2)
        defer { for socket in first { close(socket.descriptor) } }
        for count in [1, 2] {
            let refused = #expect(throws: ServerError.self) { try ListenSocket.open(host: "127.0.0.1", port: first[0].port, count: count) }
            #expect(refused?.description.contains("Address already in use") == true, "\(String(describing: refused))")
        }
    }

    private static func connect(port: Int) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            close(fd)
            throw SocketFailure(code: errno)
        }
        return fd
    }

    struct SocketFailure: Error { let code: Int32 }
}
