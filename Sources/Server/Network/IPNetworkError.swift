/// Why an address block (`--admin-networks`, any CIDR list) could not be read.
///
/// Equality compares the kind of failure only (`error == .malformedAddress`).
public struct IPNetworkError: Error, Hashable, CustomStringConvertible {
    private enum Kind: Hashable {
        case invalidAddress
        case invalidPrefix
        case hostBitsSet
        case tooMany
    }

    private let kind: Kind
    /// What exactly is wrong, naming the text given.
    public let description: String

    private init(_ kind: Kind, _ description: String = "") {
        self.kind = kind
        self.description = description
    }

    /// Text that is no IPv4 or IPv6 address.
    public static let malformedAddress = IPNetworkError(.invalidAddress)
    /// A prefix length that is no number, or longer than the family's address.
    public static let malformedPrefix = IPNetworkError(.invalidPrefix)
    /// An address with bits set past the prefix length.
    public static let hostBitsSet = IPNetworkError(.hostBitsSet)
    /// More blocks than a list takes.
    public static let tooManyBlocks = IPNetworkError(.tooMany)

    static func address(_ text: String) -> IPNetworkError {
        IPNetworkError(.invalidAddress, "\"\(text.prefix(60))\" is not an IPv4 or IPv6 address with an optional /length")
    }

    static func prefix(_ text: String, widest: Int) -> IPNetworkError {
        IPNetworkError(.invalidPrefix, "\"\(text.prefix(60))\": the prefix length must be a whole number from 0 to \(widest)")
    }

    static func hostBits(_ text: String, suggestion: String) -> IPNetworkError {
        IPNetworkError(.hostBitsSet, "\"\(text.prefix(60))\" has bits set after its prefix; the block is \(suggestion)")
    }

    static func tooMany(_ count: Int, limit: Int) -> IPNetworkError {
        IPNetworkError(.tooMany, "\(count) address blocks; at most \(limit) are taken")
    }

    /// Whether both are the same kind of failure, whatever their text.
    public static func == (lhs: IPNetworkError, rhs: IPNetworkError) -> Bool { lhs.kind == rhs.kind }

    /// Hashes the kind of failure, consistent with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(kind) }
}
