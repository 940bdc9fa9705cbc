/// A list of address blocks, such as `--admin-networks 127.0.0.0/8,::1/128`: an address is in
/// the list when any block contains it.
public struct IPNetworks: Sendable, Hashable, CustomStringConvertible {
    /// The blocks, in the order given.
    public let blocks: [IPNetwork]

    /// The loopback blocks of both families: `127.0.0.0/8` and `::1/128`.
    public static let loopback = IPNetworks([
        IPNetwork(base: IPAddress(mappingIPv4: 0x7F00_0000), prefixLength: 8, isIPv4: true),
        IPNetwork(base: IPAddress(high: 0, low: 1), prefixLength: 128, isIPv4: false),
    ])

    /// No address at all.
    public static let none = IPNetworks([])

    /// A list of blocks.
    public init(_ blocks: [IPNetwork]) {
        self.blocks = blocks
    }

    /// Parses comma-separated blocks (spaces around them allowed); `none` is the empty list. The
    /// first bad block throws, and at most 64 blocks are taken.
    public init(parsing text: String) throws(IPNetworkError) {
        let items = text.split(separator: ",", omittingEmptySubsequences: false)
        if items.count == 1, items[0].trimmingASCIISpaces == "none" {
            self = .none
            return
        }
        guard items.count <= Self.maximumCount else { throw .tooMany(items.count, limit: Self.maximumCount) }
        var blocks: [IPNetwork] = []
        for item in items { blocks.append(try IPNetwork(parsing: item)) }
        self.blocks = blocks
    }

    /// The most blocks one list may hold.
    public static let maximumCount = 64

    /// Whether an address given as text (as `Request.clientAddress` gives it) is in one of the
    /// blocks; text that is no address (`-`) is in none.
    public func contains(_ text: String) -> Bool {
        guard !blocks.isEmpty, let address = IPAddress(text) else { return false }
        return contains(address)
    }

    /// Whether the address is in one of the blocks.
    public func contains(_ address: IPAddress) -> Bool {
        blocks.contains { $0.contains(address) }
    }

    /// The blocks joined by commas, or `none`.
    public var description: String {
        blocks.isEmpty ? "none" : blocks.map(\.description).joined(separator: ",")
    }
}
