/// The proxies whose `X-Forwarded-For` is believed (`--trusted-proxies`), and the client address
/// a request is counted and logged under.
///
/// The client is the connection's peer, unless the peer is a trusted proxy: then it is the
/// right-most `X-Forwarded-For` entry that is not itself a trusted proxy. Entries left of that are
/// whatever the client wrote and are never read, so a client cannot choose its address; from an
/// untrusted peer the header is ignored altogether.
///
/// ```swift
/// let proxies = TrustedProxies(try IPNetworks(parsing: "10.0.0.0/8"))
/// proxies.client(peer: "10.0.0.5", forwardedFor: ["6.6.6.6, 203.0.113.7"])   // "203.0.113.7"
/// proxies.client(peer: "198.51.100.1", forwardedFor: ["6.6.6.6"])           // "198.51.100.1"
/// ```
public struct TrustedProxies: Sendable, Equatable {
    /// The trusted blocks; none trusts nobody (the default).
    public var networks: IPNetworks

    /// Entries read from the right at most: a longer chain is cut there, at a trusted hop's address.
    static let maxHops = 32

    /// Trusts the given blocks.
    public init(_ networks: IPNetworks = .none) {
        self.networks = networks
    }

    /// Whether any proxy is trusted.
    public var isEmpty: Bool { networks.blocks.isEmpty }

    /// Whether `address` (as text) is a trusted proxy.
    public func trusts(_ address: String) -> Bool {
        guard !isEmpty, let parsed = Self.address(address) else { return false }
        return networks.contains(parsed)
    }

    /// An address literal as `X-Forwarded-For` may write one: an IPv6 address may be in brackets.
    static func address(_ text: some StringProtocol) -> IPAddress? {
        var literal = Substring(text)
        if literal.hasPrefix("["), literal.hasSuffix("]") { literal = literal.dropFirst().dropLast() }
        return IPAddress(literal)
    }

    /// The client's address for a request from `peer` with these `X-Forwarded-For` field values
    /// (in order; each a comma-separated list). An entry that is no address literal ends the walk:
    /// the last trusted hop's address stands for the client then.
    public func client(peer: String, forwardedFor values: [String]) -> String {
        guard !isEmpty, !values.isEmpty, let peerAddress = Self.address(peer), networks.contains(peerAddress) else { return peer }
        var client = peer
        var hops = 0
        for value in values.reversed() {
            for entry in value.split(separator: ",").reversed() {
                hops += 1
                guard hops <= Self.maxHops, let address = Self.address(entry.trimmingWhitespace()) else { return client }
                client = address.description
                if !networks.contains(address) { return client }
            }
        }
        return client
    }
}

extension Substring {
    fileprivate func trimmingWhitespace() -> Substring {
        var text = self
        while text.first == " " || text.first == "\t" { text = text.dropFirst() }
        while text.last == " " || text.last == "\t" { text = text.dropLast() }
        return text
    }
}
