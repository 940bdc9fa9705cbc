import Testing
@testable import Server

/// Addresses and CIDR blocks of both families, as `--admin-networks` reads them.
@Suite("IP addresses and networks")
struct IPNetworkTests {
    @Test("IPv4 and IPv6 text; an IPv4 address equals its ::ffff: form", arguments: [
        ("127.0.0.1", true), ("::ffff:127.0.0.1", true), ("::FFFF:7f00:1", true), ("0.0.0.0", true),
        ("::1", false), ("fe80::1", false), ("2001:db8::ff00:42:8329", false), ("::", false),
    ])
    func addresses(_ text: String, _ isIPv4: Bool) throws {
        let address = try #require(IPAddress(text))
        #expect(address.isIPv4 == isIPv4)
    }

    @Test("mapped and dotted forms are one address")
    func mapped() {
        #expect(IPAddress("::FFFF:127.0.0.1")?.description == "127.0.0.1")
        #expect(IPAddress("2001:DB8:0:0:0:0:0:1")?.description == "2001:db8::1")
        #expect(IPAddress("::ffff:127.0.0.1") == IPAddress("127.0.0.1"))
        #expect(IPAddress("::ffff:7f00:1") == IPAddress("127.0.0.1"))
        #expect(IPAddress("::1") != IPAddress("127.0.0.1"))
        // IPv4-compatible (deprecated, ::a.b.c.d) is not IPv4-mapped.
        #expect(IPAddress("::127.0.0.1") != IPAddress("127.0.0.1"))
    }

    @Test("what is no address", arguments: [
        "", "-", "localhost", "127.0.0", "127.0.0.256", "127.0.0.1.", "0127.0.0.1", "1.2.3.4 ", " 1.2.3.4", "[::1]", "fe80::1%eth0",
        "::1::", "1:2:3:4:5:6:7:8:9", "127.0.0.1\u{0}junk", String(repeating: "1", count: 100), "१२७.0.0.1",
    ])
    func notAddresses(_ text: String) {
        #expect(IPAddress(text) == nil)
    }

    @Test("membership at the edges of IPv4 blocks, mapped addresses included", arguments: [
        ("127.0.0.0/8", "127.0.0.1", true), ("127.0.0.0/8", "127.255.255.255", true), ("127.0.0.0/8", "128.0.0.0", false),
        ("127.0.0.0/8", "::ffff:127.0.0.1", true), ("127.0.0.0/8", "::1", false), ("127.0.0.0/8", "::127.0.0.1", false),
        ("10.0.0.0/8", "10.1.2.3", true), ("10.0.0.0/8", "11.0.0.0", false), ("10.0.0.0/8", "9.255.255.255", false),
        ("192.168.1.0/24", "192.168.1.255", true), ("192.168.1.0/24", "192.168.2.0", false),
        ("203.0.113.7/32", "203.0.113.7", true), ("203.0.113.7/32", "203.0.113.8", false), ("203.0.113.7", "203.0.113.7", true),
        ("0.0.0.0/0", "8.8.8.8", true), ("0.0.0.0/0", "::ffff:8.8.8.8", true), ("0.0.0.0/0", "2001:db8::1", false),
        ("172.16.0.0/12", "172.31.255.255", true), ("172.16.0.0/12", "172.32.0.0", false),
    ])
    func ipv4(_ block: String, _ address: String, _ inside: Bool) throws {
        let network = try IPNetwork(parsing: block)
        #expect(network.contains(try #require(IPAddress(address))) == inside, "\(block) ∋ \(address)")
    }

    @Test("membership at the edges of IPv6 blocks, across the 64-bit halves", arguments: [
        ("::1/128", "::1", true), ("::1/128", "::2", false), ("::1", "::1", true),
        ("fd00::/8", "fd12:3456::1", true), ("fd00::/8", "fe00::1", false),
        ("2001:db8::/32", "2001:db8:ffff:ffff:ffff:ffff:ffff:ffff", true), ("2001:db8::/32", "2001:db9::", false),
        ("2001:db8:0:1::/64", "2001:db8:0:1:ffff::1", true), ("2001:db8:0:1::/64", "2001:db8:0:2::", false),
        ("2001:db8:0:1:8000::/65", "2001:db8:0:1:8000::1", true), ("2001:db8:0:1:8000::/65", "2001:db8:0:1:7fff::", false),
        ("2001:db8::/63", "2001:db8:0:1::", true), ("2001:db8::/63", "2001:db8:0:2::", false),
        ("::/0", "2001:db8::1", true), ("::/0", "127.0.0.1", true),
        ("::ffff:0:0/96", "10.9.8.7", true), ("::ffff:0:0/96", "::1", false),
        ("::ffff:10.0.0.0/104", "10.1.2.3", true), ("::ffff:10.0.0.0/104", "11.1.2.3", false),
    ])
    func ipv6(_ block: String, _ address: String, _ inside: Bool) throws {
        let network = try IPNetwork(parsing: block)
        #expect(network.contains(try #require(IPAddress(address))) == inside, "\(block) ∋ \(address)")
    }

    @Test("a block is written back in CIDR notation", arguments: [
        ("127.0.0.0/8", "127.0.0.0/8"), (" 10.0.0.0/8 ", "10.0.0.0/8"), ("10.1.2.3", "10.1.2.3/32"),
        ("::1", "::1/128"), ("fd00::/8", "fd00::/8"), ("::ffff:0:0/96", "::ffff:0.0.0.0/96"), ("2001:DB8::/32", "2001:db8::/32"),
    ])
    func description(_ block: String, _ written: String) throws {
        #expect(try IPNetwork(parsing: block).description == written)
    }

    @Test("bad blocks say what is wrong with them", arguments: [
        ("10.0.0.0/33", IPNetworkError.malformedPrefix, "\"10.0.0.0/33\": the prefix length must be a whole number from 0 to 32"),
        ("::/129", .malformedPrefix, "\"::/129\": the prefix length must be a whole number from 0 to 128"),
        ("10.0.0.0/", .malformedPrefix, "\"10.0.0.0/\": the prefix length must be a whole number from 0 to 32"),
        ("10.0.0.0/-1", .malformedPrefix, "\"10.0.0.0/-1\": the prefix length must be a whole number from 0 to 32"),
        ("10.0.0.0/+8", .malformedPrefix, "\"10.0.0.0/+8\": the prefix length must be a whole number from 0 to 32"),
        ("10.0.0.0/0008", .malformedPrefix, "\"10.0.0.0/0008\": the prefix length must be a whole number from 0 to 32"),
        ("10.0.0.0/8/8", .malformedPrefix, "\"10.0.0.0/8/8\": the prefix length must be a whole number from 0 to 32"),
        ("10.1.2.3/8", .hostBitsSet, "\"10.1.2.3/8\" has bits set after its prefix; the block is 10.0.0.0/8"),
        ("fd00::1/8", .hostBitsSet, "\"fd00::1/8\" has bits set after its prefix; the block is fd00::/8"),
        ("localhost/8", .malformedAddress, "\"localhost/8\" is not an IPv4 or IPv6 address with an optional /length"),
        ("", .malformedAddress, "\"\" is not an IPv4 or IPv6 address with an optional /length"),
        ("/8", .malformedAddress, "\"/8\" is not an IPv4 or IPv6 address with an optional /length"),
        ("10.0.0/8", .malformedAddress, "\"10.0.0/8\" is not an IPv4 or IPv6 address with an optional /length"),
    ])
    func badBlocks(_ text: String, _ kind: IPNetworkError, _ message: String) {
        #expect {
            try IPNetwork(parsing: text)
        } throws: { error in
            let error = error as? IPNetworkError
            return error == kind && error?.description == message
        }
    }

    @Test("a list of blocks: commas, spaces, none, and its limit")
    func lists() throws {
        let list = try IPNetworks(parsing: "10.0.0.0/8, fd00::/8 ,192.168.1.7")
        #expect(list.blocks.count == 3)
        #expect(list.contains("10.200.0.1"))
        #expect(list.contains("::ffff:10.200.0.1"))
        #expect(list.contains("fd00::2"))
        #expect(list.contains("192.168.1.7"))
        #expect(!list.contains("192.168.1.8"))
        #expect(!list.contains("127.0.0.1"))
        #expect(!list.contains("-"))
        #expect(list.description == "10.0.0.0/8,fd00::/8,192.168.1.7/32")

        #expect(try IPNetworks(parsing: "none").blocks.isEmpty)
        #expect(!IPNetworks.none.contains("127.0.0.1"))
        #expect(IPNetworks.none.description == "none")
        #expect(throws: IPNetworkError.malformedAddress) { try IPNetworks(parsing: "") }
        #expect(throws: IPNetworkError.malformedAddress) { try IPNetworks(parsing: "10.0.0.0/8,") }
        #expect(throws: IPNetworkError.malformedAddress) { try IPNetworks(parsing: "10.0.0.0/8,none") }
        let many = Array(repeating: "10.0.0.0/8", count: 65).joined(separator: ",")
        #expect(throws: IPNetworkError.tooManyBlocks) { try IPNetworks(parsing: many) }
    }

    @Test("the default admin networks are the loopback blocks of both families")
    func loopback() throws {
        #expect(IPNetworks.loopback == (try IPNetworks(parsing: "127.0.0.0/8,::1/128")))
        #expect(IPNetworks.loopback.description == "127.0.0.0/8,::1/128")
        for inside in ["127.0.0.1", "127.3.2.1", "::1", "::ffff:127.0.0.1"] { #expect(IPNetworks.loopback.contains(inside), "\(inside)") }
        for outside in ["10.1.2.3", "::2", "::ffff:10.1.2.3", "fd00::2", "0.0.0.0", "::"] { #expect(!IPNetworks.loopback.contains(outside), "\(outside)") }
    }
}
