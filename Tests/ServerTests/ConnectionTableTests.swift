import Testing
@testable import Server

/// Connection places: per client address, counted at accept, and in all.
@Suite("Connection table")
struct ConnectionTableTests {
    static let limits: ServerConfiguration.Limits = {
        var limits = ServerConfiguration.Limits()
        limits.maxConnections = 8
        limits.maxConnectionsPerClient = 3
        return limits
    }()

    @Test("an address stops at its limit while another is taken; a closed connection frees its place")
    func perClient() {
        var table = ConnectionTable()
        var states: [ConnectionState] = []
        for _ in 0..<10 {
            guard let rejection = table.take("10.0.0.1", limits: Self.limits) else { continue }
            #expect(rejection == nil)
            states.append(ConnectionState(remote: "10.0.0.1", rejection: rejection, peerIsAdmin: false))
        }
        #expect(states.count == 3)
        #expect(table.take("10.0.0.2", limits: Self.limits) == .some(nil))
        table.remove(states[0])
        #expect(table.perClient["10.0.0.1"] == 2)
        #expect(table.take("10.0.0.1", limits: Self.limits) == .some(nil))
        #expect(table.take("10.0.0.1", limits: Self.limits) == nil)
        #expect(table.admitted == 4)
    }

    @Test("past the overall limit a connection is taken to be answered 503, and holds no admitted place")
    func overallLimit() {
        var table = ConnectionTable()
        for index in 0..<8 {
            #expect(table.take("10.0.1.\(index)", limits: Self.limits) == .some(nil))
        }
        let refused = table.take("10.0.2.1", limits: Self.limits)
        #expect(refused??.code == "too_many_connections")
        #expect(table.admitted == 8)
        table.remove(ConnectionState(remote: "10.0.2.1", rejection: refused ?? nil, peerIsAdmin: false))
        #expect(table.admitted == 8)
        #expect(table.perClient["10.0.2.1"] == nil)
    }
}
