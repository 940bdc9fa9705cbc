#if canImport(Glibc)
import Glibc
#endif

/// An IPv4 or IPv6 address as its bytes (4 or 16); an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`,
/// what a dual-stack socket reports for an IPv4 client) is its IPv4 address.
public struct IPAddress: Sendable, Hashable, CustomStringConvertible {
    /// 4 bytes for IPv4, 16 for IPv6, in network order.
    public let bytes: [UInt8]

    /// Parses an address literal; IPv6 may come in brackets (`[::1]`). Nil for anything else
    /// (a name, a port, a zone, garbage).
    public init?(parsing text: some StringProtocol) {
        var literal = Substring(text)
        if literal.hasPrefix("["), literal.hasSuffix("]") { literal = literal.dropFirst().dropLast() }
        guard !literal.isEmpty, literal.utf8.count <= 45 else { return nil }
        var storage = [UInt8](repeating: 0, count: 16)
        let family: Int32 = literal.contains(":") ? AF_INET6 : AF_INET
        let parsed = String(literal).withCString { inet_pton(family, $0, &storage) }
        guard parsed == 1 else { return nil }
        if family == AF_INET {
            bytes = Array(storage.prefix(4))
        } else if storage.prefix(10).allSatisfy({ $0 == 0 }), storage[10] == 0xFF, storage[11] == 0xFF {
            bytes = Array(storage.suffix(4))
        } else {
            bytes = storage
        }
    }

    /// Whether it is an IPv4 address.
    public var isIPv4: Bool { bytes.count == 4 }

    /// The address in its canonical text form (`inet_ntop`).
    public var description: String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        var raw = bytes
        _ = inet_ntop(isIPv4 ? AF_INET : AF_INET6, &raw, &buffer, socklen_t(buffer.count))
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
