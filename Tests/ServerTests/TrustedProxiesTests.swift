import HTTPTesting
@testable import Server
import Testing

@Suite struct TrustedProxiesTests {
    @Test(arguments: [
        ("10.0.0.0/8", "10.255.1.2", true), ("10.0.0.0/8", "11.0.0.1", false),
        ("192.168.1.77/24", "192.168.1.1", true), ("192.168.1.0/24", "192.168.2.1", false),
        ("127.0.0.1", "127.0.0.1", true), ("127.0.0.1", "127.0.0.2", false),
        ("0.0.0.0/0", "203.0.113.9", true), ("0.0.0.0/0", "2001:db8::1", false),
        ("fd00::/8", "fd12:3456::1", true), ("fd00::/8", "fe80::1", false),
        ("2001:db8::/33", "2001:db8:7fff::1", true), ("2001:db8::/33", "2001:db8:8000::1", false),
        ("::1", "::1", true), ("::ffff:10.0.0.0/104", "10.1.2.3", true),
        ("10.0.0.0/8", "::ffff:10.1.2.3", true),
    ])
    func blockMembership(block: String, address: String, inside: Bool) throws {
        let cidr = try #require(CIDR(parsing: block))
        let parsed = try #require(IPAddress(parsing: address))
        #expect(cidr.contains(parsed) == inside)
    }

    @Test(arguments: ["", "10.0.0.0/33", "::/129", "10.0.0/8", "example.org", "10.0.0.0/-1", "10.0.0.0/8/8", "1.2.3.4:80", "fe80::1%eth0"])
    func malformedBlocks(text: String) {
        #expect(CIDR(parsing: text) == nil)
    }

    @Test func listParsingNamesTheBadEntry() {
        let good = CIDR.list(parsing: "10.0.0.0/8, fd00::/8 ,127.0.0.1")
        #expect(good.bad == nil)
        #expect(good.blocks.map(\.description) == ["10.0.0.0/8", "fd00::/8", "127.0.0.1/32"])
        #expect(CIDR.list(parsing: "10.0.0.0/8,nonsense").bad == "nonsense")
    }

    static let proxies = TrustedProxies([CIDR(parsing: "10.0.0.0/8")!, CIDR(parsing: "fd00::/8")!])

    @Test func anUntrustedPeerCannotChooseItsAddress() {
        #expect(Self.proxies.client(peer: "198.51.100.1", forwardedFor: ["6.6.6.6"]) == "198.51.100.1")
        #expect(TrustedProxies().client(peer: "10.0.0.5", forwardedFor: ["6.6.6.6"]) == "10.0.0.5")
    }

    @Test func aTrustedPeerNamesTheClient() {
        // nginx appends the address it saw; whatever the client wrote stays to its left and is not read.
        #expect(Self.proxies.client(peer: "10.0.0.5", forwardedFor: ["6.6.6.6, 203.0.113.7"]) == "203.0.113.7")
        // Two trusted hops (an edge proxy, then nginx); several fields count as one list in order.
        #expect(Self.proxies.client(peer: "10.0.0.5", forwardedFor: ["6.6.6.6, 203.0.113.7", "10.1.1.1"]) == "203.0.113.7")
        #expect(Self.proxies.client(peer: "fd00::5", forwardedFor: ["[2001:db8::7]"]) == "2001:db8::7")
        #expect(Self.proxies.client(peer: "10.0.0.5", forwardedFor: ["::ffff:203.0.113.7"]) == "203.0.113.7")
    }

    @Test func garbageOrAnAllTrustedChainStopsAtTheLastTrustedHop() {
        #expect(Self.proxies.client(peer: "10.0.0.5", forwardedFor: ["203.0.113.7, not-an-address"]) == "10.0.0.5")
        #expect(Self.proxies.client(peer: "10.0.0.5", forwardedFor: ["10.9.9.9"]) == "10.9.9.9")
        #expect(Self.proxies.client(peer: "10.0.0.5", forwardedFor: []) == "10.0.0.5")
        let long = Array(repeating: "10.1.1.1", count: 100).joined(separator: ",")
        #expect(Self.proxies.client(peer: "10.0.0.5", forwardedFor: ["203.0.113.7," + long]) == "10.1.1.1")
    }

    @Test(arguments: [(nil as String?, "127.0.0.1"), ("127.0.0.0/8", "203.0.113.9")])
    func theAccessLogNamesTheClient(trusted: String?, logged: String) async throws {
        try await LiveServer.with(routes: TestRoutes.all, configure: { configuration in
            configuration.accessLog = .json
            configuration.trustedProxies = TrustedProxies(trusted.flatMap(CIDR.init(parsing:)).map { [$0] } ?? [])
        }) { live in
            let response = try await live.get("/hello", headers: [("X-Forwarded-For", "203.0.113.9")])
            #expect(response.status == 200)
            var log = ""
            while !log.contains("\"/hello\"") {
                try await Task.sleep(for: .milliseconds(20))
                log += live.log.text()
            }
            #expect(log.contains("\"remote\":\"\(logged)\""), "\(log)")
        }
    }

    @Test func theKeyParameterIsTakenOutOfTheQuery() throws {
        let split = try #require(KeyParameter.split("from=Bern&key=s3cr%2Bt&to=Basel"))
        #expect(split.rest == "from=Bern&to=Basel")
        #expect(split.key == "s3cr+t")
        #expect(KeyParameter.split("key=abc")?.rest == "")
        #expect(KeyParameter.split("monkey=1&keys=2") == nil)
        #expect(KeyParameter.split("from=Bern") == nil)
    }
}
