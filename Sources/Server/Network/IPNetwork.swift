/// An address block in CIDR notation (`10.0.0.0/8`, `fd00::/8`); a bare address is a block of one.
///
/// IPv4 blocks are kept IPv4-mapped, so `127.0.0.0/8` also contains `::ffff:127.0.0.1`; a block
/// written in IPv6 notation counts its length in 128 bits (`::ffff:0:0/96` is all of IPv4). The
/// address must be the block's first one: `10.1.2.3/8` is refused rather than read as
/// `10.0.0.0/8`, since it is more likely a typing mistake than a choice.
///
/// ```swift
/// let block = try IPNetwork(parsing: "192.168.0.0/16")
/// block.contains(IPAddress("192.168.4.1")!)          // true
/// block.contains(IPAddress("::ffff:192.168.4.1")!)   // true
/// ```
public struct IPNetwork: Sendable, Hashable, CustomStringConvertible {
    /// The block's first address.
    public let base: IPAddress
    /// The prefix length as written: up to 32 for IPv4 notation, up to 128 for IPv6.
    public let prefixLength: Int
    /// Whether it was written as a dotted quad.
    public let isIPv4: Bool
    /// The mask over the 128 bits.
    private let mask: IPAddress

    /// Parses `ADDRESS/LENGTH` or a bare address.
    public init(parsing text: some StringProtocol) throws(IPNetworkError) {
        let trimmed = text.trimmingASCIISpaces
        let parts = trimmed.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let address = IPAddress(parts[0]) else { throw .address(String(trimmed)) }
        let isIPv4 = !parts[0].contains(":")
        let widest = isIPv4 ? 32 : 128
        var length = widest
        if parts.count == 2 {
            let digits = parts[1]
            guard (1...3).contains(digits.utf8.count), digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                let number = Int(digits), number <= widest
            else {
                throw .prefix(String(trimmed), widest: widest)
            }
            length = number
        }
        self.init(base: address, prefixLength: length, isIPv4: isIPv4)
        guard base == address else { throw .hostBits(String(trimmed), suggestion: description) }
    }

    /// The block of `prefixLength` bits around `base` (its host bits cleared).
    init(base: IPAddress, prefixLength: Int, isIPv4: Bool) {
        let mask = Self.mask(bits: isIPv4 ? 96 + prefixLength : prefixLength)
        self.base = IPAddress(high: base.high & mask.high, low: base.low & mask.low)
        self.prefixLength = prefixLength
        self.isIPv4 = isIPv4
        self.mask = mask
    }

    /// Whether the address lies in the block.
    public func contains(_ address: IPAddress) -> Bool {
        address.high & mask.high == base.high && address.low & mask.low == base.low
    }

    /// The block in CIDR notation, in the family it was written in (`10.0.0.0/8`, `fd00::/8`).
    public var description: String {
        "\(isIPv4 ? base.dottedQuad : base.ipv6Text)/\(prefixLength)"
    }

    /// The mask with the first `bits` of 128 set.
    private static func mask(bits: Int) -> IPAddress {
        let high: UInt64 = bits >= 64 ? .max : (bits == 0 ? 0 : .max << UInt64(64 - bits))
        let low: UInt64 = bits <= 64 ? 0 : (bits == 128 ? .max : .max << UInt64(128 - bits))
        return IPAddress(high: high, low: low)
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    var trimmingASCIISpaces: SubSequence {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return self[endIndex...] }
        return self[first...last]
    }
}
