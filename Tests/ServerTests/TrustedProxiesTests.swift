import HTTPTesting
@testable import Server
import Testing

@Suite struct TrustedProxiesTests {
    // Blocks and addresses themselves are IPNetworkTests'; here, whom X-Forwarded-For is believed from.
    static let proxies = TrustedProxies(try! IPNetworks(parsing: "10.0.0.0/8,fd00::/8"))

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
        let networks = try trusted.map { try IPNetworks(parsing: $0) } ?? .none
        try await LiveServer.with(routes: TestRoutes.all, configure: { configuration in
            configuration.accessLog = .json
            configuration.trustedProxies = TrustedProxies(networks)
        }) { live in
            let response = try await live.get("/hello", headers: [("X-Forwarded-For", "203.0.113.9")])
            #expect(response.status == 200)
            let log = await live.log.text(containing: "\"/hello\"")
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
