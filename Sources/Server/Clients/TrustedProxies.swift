/// The proxies whose `X-Forwarded-For` is believed (`--trusted-proxies`), and the client address
/// a request is counted and logged under.
///
/// The client is the connection's peer, unless the peer is a trusted proxy: then it is the
/// right-most `X-Forwarded-For` entry that is not itself a trusted proxy. Entries left of that are
/// whatever the client wrote and are never read, so a client cannot choose its address; from an
/// untrusted peer the header is ignored altogether.
///
/// ```swift
/// let proxies = TrustedProxies([CIDR(parsing: "10.0.0.0/8")!])
/// proxies.client(peer: "10.0.0.5", forwardedFor: ["6.6.6.6, 203.0.113.7"])   // "203.0.113.7"
/// proxies.client(peer: "198.51.100.1", forwardedFor: ["6.6.6.6"])           // "198.51.100.1"
/// ```
public struct TrustedProxies: Sendable, Equatable {
    /// The trusted blocks; empty trusts nobody (the default).
    public var blocks: [CIDR]

    /// Entries read from the right at most: a longer chain is cut there, at a trusted hop's address.
    static let maxHops = 32

    /// Trusts the given blocks.
    public init(_ blocks: [CIDR] = []) {
        self.blocks = blocks
    }

    /// Whether any proxy is trusted.
    public var isEmpty: Bool { blocks.isEmpty }

    /// Whether `address` (as text) is a trusted proxy.
    public func trusts(_ address: String) -> Bool {
        guard !blocks.isEmpty, let parsed = IPAddress(parsing: address) else { return false }
        return trusts(parsed)
    }

    private func trusts(_ address: IPAddress) -> Bool {
        blocks.contains { $0.contains(address) }
    }

    /// The client's address for a request from `peer` with these `X-Forwarded-For` field values
    /// (in order; each a comma-separated list). An entry that is no address literal ends the walk:
    /// the last trusted hop's address stands for the client then.
    public func client(peer: String, forwardedFor values: [String]) -> String {
        guard !blocks.isEmpty, !values.isEmpty, let peerAddress = IPAddress(parsing: peer), trusts(peerAddress) else { return peer }
        var client = peer
        var hops = 0
        for value in values.reversed() {
            for entry in value.split(separator: ",").reversed() {
                hops += 1
                guard hops <= Self.maxHops, let address = IPAddress(parsing: entry.trimmingWhitespace()) else { return client }
                client = address.description
                if !trusts(address) { return client }
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
