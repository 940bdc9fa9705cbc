import Testing
@testable import Server

/// Connection places per client address: counted at accept, before libmicrohttpd reports a connection.
@Suite("Connection table")
struct ConnectionTableTests {
    static let limits: ServerConfiguration.Limits = {
        var limits = ServerConfiguration.Limits()
        limits.maxConnections = 8
        limits.maxConnectionsPerClient = 3
        return limits
    }()

    @Test("a burst accepted before any connection is reported still stops at the per-address limit")
    func burst() {
        var table = ConnectionTable()
        var accepted = 0
        for _ in 0..<10 where table.accept("10.0.0.1", limits: Self.limits, now: 1_000) { accepted += 1 }
        #expect(accepted == 3)
        let accepted1 = table.accept("10.0.0.2", limits: Self.limits, now: 1_000)
        #expect(accepted1)
    }

    @Test("started connections take over from pending ones, and closed ones free their place")
    func lifecycle() {
        var table = ConnectionTable()
        var states: [ConnectionState] = []
        for _ in 0..<3 {
            let accepted2 = table.accept("10.0.0.1", limits: Self.limits, now: 1_000)
            #expect(accepted2)
            let refusal = table.add("10.0.0.1", limits: Self.limits)
            let state = ConnectionState(remote: "10.0.0.1", rejection: refusal, descriptor: -1, peerIsAdmin: false)
            #expect(state.rejection == nil)
            table.list(state)
            states.append(state)
        }
        let accepted3 = table.accept("10.0.0.1", limits: Self.limits, now: 2_000)
        #expect(!accepted3)
        table.remove(states[0])
        let accepted4 = table.accept("10.0.0.1", limits: Self.limits, now: 3_000)
        #expect(accepted4)
        #expect(table.perClient["10.0.0.1"] == 2)
        #expect(table.open.count == 2)
    }

    @Test("a pending place libmicrohttpd never reported is forgotten after two seconds")
    func stalePending() {
        var table = ConnectionTable()
        for _ in 0..<3 { _ = table.accept("10.0.0.1", limits: Self.limits, now: 1_000) }
        let accepted5 = table.accept("10.0.0.1", limits: Self.limits, now: 1_000_000_000)
        #expect(!accepted5)
        let accepted6 = table.accept("10.0.0.1", limits: Self.limits, now: 3_000_000_000)
        #expect(accepted6)
    }

    @Test("past the global limit a connection is let in to be answered 503, and holds no admitted place")
    func globalLimit() {
        var table = ConnectionTable()
        for index in 0..<8 {
            let refusal = table.add("10.0.1.\(index)", limits: Self.limits)
            #expect(refusal == nil)
        }
        let refused = table.add("10.0.2.1", limits: Self.limits)
        #expect(refused?.code == "too_many_connections")
        #expect(table.admitted == 8)
        table.remove(ConnectionState(remote: "10.0.2.1", rejection: refused, descriptor: -1, peerIsAdmin: false))
        #expect(table.admitted == 8)
        #expect(table.perClient["10.0.2.1"] == nil)
    }
}

/// The budget of libmicrohttpd's log lines.
@Suite("Line budget")
struct LineBudgetTests {
    @Test("lines past the budget in one second are left out, and their number comes with the next line written")
    func budget() {
        let budget = LineBudget(perSecond: 2)
        #expect(budget.admit(at: 7) == .write(leftOut: 0))
        #expect(budget.admit(at: 7) == .write(leftOut: 0))
        #expect(budget.admit(at: 7) == .leaveOut)
        #expect(budget.admit(at: 7) == .leaveOut)
        #expect(budget.admit(at: 8) == .write(leftOut: 2))
        #expect(budget.admit(at: 8) == .write(leftOut: 0))
    }
}
