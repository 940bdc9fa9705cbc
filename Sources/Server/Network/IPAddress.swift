#if canImport(Glibc)
import Glibc
#endif

/// An IPv4 or IPv6 address as its 128 bits. An IPv4 address is kept in its IPv4-mapped IPv6
/// form (`::ffff:a.b.c.d`, RFC 4291 §2.5.5.2), so `127.0.0.1` and `::ffff:127.0.0.1` (how a
/// dual-stack socket reports an IPv4 client) are the same address.
///
/// ```swift
/// IPAddress("::ffff:127.0.0.1") == IPAddress("127.0.0.1")   // true
/// IPAddress("fe80::1%eth0")                                  // nil: no zone ids
/// ```
public struct IPAddress: Sendable, Hashable, CustomStringConvertible {
    /// The first and last 64 bits, most significant first.
    let high: UInt64, low: UInt64

    init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// Parses an IPv4 dotted quad or an IPv6 literal (RFC 4291 text forms, no brackets, no zone);
    /// nil for anything else.
    public init?(_ text: some StringProtocol) {
        // inet_pton reads a C string: a NUL inside would cut it short and let a suffix through.
        guard !text.isEmpty, text.utf8.count <= 45, !text.utf8.contains(0) else { return nil }
        let string = String(text)
        var v4 = in_addr()
        if inet_pton(AF_INET, string, &v4) == 1 {
            self.init(mappingIPv4: UInt32(bigEndian: v4.s_addr))
            return
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, string, &v6) == 1 else { return nil }
        let bytes = withUnsafeBytes(of: &v6) { Array($0) }
        self.init(high: Self.word(bytes[0..<8]), low: Self.word(bytes[8..<16]))
    }

    /// The IPv4-mapped form of an IPv4 address given as a host-order number.
    init(mappingIPv4 value: UInt32) {
        self.init(high: 0, low: 0x0000_FFFF_0000_0000 | UInt64(value))
    }

    /// Whether it is an IPv4 address (kept IPv4-mapped).
    public var isIPv4: Bool { high == 0 && low >> 32 == 0x0000_FFFF }

    /// The address as text: a dotted quad for IPv4, else the RFC 5952 form (`::1`, `fd00::`).
    public var description: String { isIPv4 ? dottedQuad : ipv6Text }

    /// The last 32 bits as a dotted quad.
    var dottedQuad: String {
        (0..<4).map { String(low >> UInt64(24 - 8 * $0) & 0xFF) }.joined(separator: ".")
    }

    /// The 128 bits in IPv6 text, as inet_ntop writes them (`::ffff:127.0.0.1` for a mapped address).
    var ipv6Text: String {
        var raw = in6_addr()
        withUnsafeMutableBytes(of: &raw) { bytes in
            for index in 0..<8 {
                bytes[index] = UInt8(truncatingIfNeeded: high >> UInt64(56 - 8 * index))
                bytes[8 + index] = UInt8(truncatingIfNeeded: low >> UInt64(56 - 8 * index))
            }
        }
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        guard inet_ntop(AF_INET6, &raw, &buffer, socklen_t(buffer.count)) != nil else { return "-" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func word(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.reduce(0) { $0 << 8 | UInt64($1) }
    }
}
