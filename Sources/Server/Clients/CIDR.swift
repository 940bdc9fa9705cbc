/// A block of IPv4 or IPv6 addresses, such as `10.0.0.0/8` or `fd00::/8`; a bare address is a
/// block of one.
public struct CIDR: Sendable, Hashable, CustomStringConvertible {
    /// The block's first address (host bits cleared).
    public let network: IPAddress
    /// How many leading bits are fixed.
    public let prefixLength: Int

    /// Parses `ADDRESS/PREFIX` or a bare address; nil for a malformed block or a prefix too long
    /// for its family. Host bits after the prefix are ignored (`10.1.2.3/8` is `10.0.0.0/8`).
    public init?(parsing text: some StringProtocol) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let address = IPAddress(parsing: parts[0]) else { return nil }
        // An IPv4-mapped block (`::ffff:10.0.0.0/104`) is written over 128 bits and kept over 32.
        let written = parts[0].contains(":") ? 128 : 32
        var length = address.bytes.count * 8
        if parts.count == 2 {
            guard parts[1].count <= 3, parts[1].allSatisfy(\.isASCII), let given = Int(parts[1]), (0...written).contains(given) else { return nil }
            length = written == 128 && address.isIPv4 ? given - 96 : given
            guard length >= 0 else { return nil }
        }
        network = IPAddress(masking: address, to: length)
        prefixLength = length
    }

    /// Whether `address` lies in the block; addresses of the other family never do.
    public func contains(_ address: IPAddress) -> Bool {
        address.bytes.count == network.bytes.count && IPAddress(masking: address, to: prefixLength) == network
    }

    /// Parses a comma-separated list (`--trusted-proxies`); nil names the first bad entry.
    public static func list(parsing text: String) -> (blocks: [CIDR], bad: String?) {
        var blocks: [CIDR] = []
        for entry in text.split(separator: ",") {
            let trimmed = entry.trimmingCharacters(in: " \t")
            guard !trimmed.isEmpty else { continue }
            guard let block = CIDR(parsing: trimmed) else { return (blocks, String(trimmed.prefix(60))) }
            blocks.append(block)
        }
        return (blocks, nil)
    }

    public var description: String { "\(network)/\(prefixLength)" }
}

extension IPAddress {
    /// The address with every bit after the first `length` cleared.
    init(masking address: IPAddress, to length: Int) {
        var bytes = address.bytes
        for index in bytes.indices {
            let kept = max(0, min(8, length - index * 8))
            bytes[index] &= kept == 8 ? 0xFF : ~(0xFF >> UInt8(kept))
        }
        self.init(bytes: bytes)
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: String) -> Substring {
        var text = self
        while let first = text.first, set.contains(first) { text = text.dropFirst() }
        while let last = text.last, set.contains(last) { text = text.dropLast() }
        return text
    }
}
