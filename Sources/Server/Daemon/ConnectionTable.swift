/// The open connections, counted for the connection limits and listed for the head deadline.
///
/// `perClient` counts every open connection from an address, admitted or not, so that the accept
/// policy can turn an address away before libmicrohttpd takes its connection on. `admitted`
/// counts only the connections that are served: one turned away by the global limit is answered
/// 503 and closed, and must not hold a place that another client could use.
struct ConnectionTable {
    private(set) var admitted = 0
    private(set) var perClient: [String: Int] = [:]
    /// Every open connection, for the head deadline's sweep.
    private(set) var open: [ObjectIdentifier: ConnectionState] = [:]

    /// Connections let through by the accept policy that libmicrohttpd has not reported started yet.
    ///
    /// libmicrohttpd may accept a burst of connections before it reports any of them, so the
    /// policy counts what it let through. Should libmicrohttpd drop one between the two (its own
    /// limit, no memory), the count would stay too high; it is forgotten after two seconds.
    private var pending: [String: (count: Int, since: UInt64)] = [:]
    private static let pendingLifetime: UInt64 = 2_000_000_000

    /// Whether a connection from `remote` may be accepted; if so, it is counted as pending.
    mutating func accept(_ remote: String, limits: ServerConfiguration.Limits, now: UInt64) -> Bool {
        var waiting = pending[remote] ?? (0, now)
        if now > waiting.since, now - waiting.since > Self.pendingLifetime { waiting = (0, now) }
        guard perClient[remote, default: 0] + waiting.count < limits.maxConnectionsPerClient else { return false }
        pending[remote] = (waiting.count + 1, waiting.since)
        return true
    }

    /// Counts a connection that libmicrohttpd took on, and says which limit it exceeds, if any.
    ///
    /// Two connections from one address accepted at once by two threads can both pass the
    /// accept policy; the later one is then answered 503 here.
    mutating func add(_ remote: String, limits: ServerConfiguration.Limits) -> HTTPError? {
        if let waiting = pending[remote] {
            pending[remote] = waiting.count > 1 ? (waiting.count - 1, waiting.since) : nil
        }
        let fromClient = perClient[remote, default: 0] + 1
        perClient[remote] = fromClient
        if fromClient > limits.maxConnectionsPerClient { return .tooManyConnections(perClient: true) }
        if admitted >= limits.maxConnections { return .tooManyConnections(perClient: false) }
        admitted += 1
        return nil
    }

    /// Lists a connection for the head deadline.
    mutating func list(_ state: ConnectionState) {
        open[ObjectIdentifier(state)] = state
    }

    /// Forgets a closed connection.
    mutating func remove(_ state: ConnectionState) {
        open.removeValue(forKey: ObjectIdentifier(state))
        if state.rejection == nil { admitted -= 1 }
        let left = perClient[state.remote, default: 1] - 1
        perClient[state.remote] = left > 0 ? left : nil
    }
}
