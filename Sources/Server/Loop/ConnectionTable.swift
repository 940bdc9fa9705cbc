/// The open connections, counted for the connection limits: `perClient` counts every open
/// connection from an address, admitted or not; `admitted` only those served. A connection past
/// the overall limit is taken on to be answered 503 and closed, and must not hold a place that
/// another client could use.
struct ConnectionTable {
    private(set) var admitted = 0
    private(set) var perClient: [String: Int] = [:]

    /// Takes a connection from `remote` on. Nil when its address holds all its places (the socket
    /// is then closed without an answer, so that slow connections from one client cannot hold
    /// the places every other client needs); else the limit it exceeds in all, answered 503, or
    /// `.some(nil)` when it is served.
    mutating func take(_ remote: String, limits: ServerConfiguration.Limits) -> HTTPError?? {
        let fromClient = perClient[remote, default: 0]
        guard fromClient < limits.maxConnectionsPerClient else { return nil }
        perClient[remote] = fromClient + 1
        guard admitted < limits.maxConnections else { return .some(.tooManyConnections(perClient: false)) }
        admitted += 1
        return .some(nil)
    }

    /// Forgets a closed connection.
    mutating func remove(_ state: ConnectionState) {
        if state.rejection == nil { admitted -= 1 }
        let left = perClient[state.remote, default: 1] - 1
        perClient[state.remote] = left > 0 ? left : nil
    }
}

/// What the server knows about one client connection.
final class ConnectionState: Sendable {
    let remote: String
    /// Nil when admitted; otherwise the limit it exceeded, answered on its first request.
    let rejection: HTTPError?
    /// Whether the peer is in the admin networks: decided once, for each of its requests whose
    /// client is the peer itself.
    let peerIsAdmin: Bool

    init(remote: String, rejection: HTTPError?, peerIsAdmin: Bool) {
        self.remote = remote
        self.rejection = rejection
        self.peerIsAdmin = peerIsAdmin
    }
}
