/// Who sent a request, as the limits see it: its address (after `TrustedProxies`) and the API key
/// it presented, if any.
public struct ClientIdentity: Sendable, Equatable {
    /// The client's address.
    public let address: String
    /// The key from `X-Api-Key` or the `key` query parameter, as sent.
    public let key: String?

    /// An identity.
    public init(address: String, key: String?) {
        self.address = address
        self.key = key
    }
}

/// What a gate decided for one request.
public enum GateVerdict: Sendable {
    /// Served; the header fields (`RateLimit`, …) go on its answer, whatever it is. `charged`
    /// says who was charged (nil when nobody was: an unlimited client, or the store is away).
    case admitted(HTTPHeaders, charged: String?)
    /// Refused with this error (429 with its `Retry-After` and limit fields, 401 for a bad key).
    case refused(HTTPError)
}

/// Per-client limits in front of the route handlers, consulted by the `Responder` once a request
/// is routed to an endpoint that is not free.
///
/// The gate decides on the server thread when it can (`admitNow`: counters in memory); when it
/// cannot (counters in a shared store), the request goes to the async path and `admit` waits
/// there. After the answer is known, `charge` takes the rest of a miss's cost.
public protocol RequestGate: Sendable {
    /// Whether clients may present API keys: the `key` query parameter is then taken out of every
    /// request before routing, so that no endpoint refuses it and no cache key or route file sees it.
    var takesKeys: Bool { get }

    /// The decision, if it can be made without waiting; nil sends the request to `admit`.
    func admitNow(_ client: ClientIdentity, cost: Int) -> GateVerdict?

    /// The decision, waiting for the shared store.
    func admit(_ client: ClientIdentity, cost: Int) async -> GateVerdict

    /// Charges `units` more to the client charged on admission (an answer that asked an upstream);
    /// never refuses, and does not hold up the answer.
    func charge(_ charged: String, units: Int)
}
