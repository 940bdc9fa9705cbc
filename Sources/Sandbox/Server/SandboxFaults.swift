public import Server
import Synchronization

/// Makes a share of the sandbox's answers fail the ways real upstreams fail, for soak runs.
///
/// Each answer draws from one seeded generator (SplitMix64), so a run with the same seed draws
/// the same faults in the same order. A fault is one of ``Fault``: an HTTP 500 or 503, the body
/// cut in half, the body replaced by as many random bytes, or the answer held past the fetch
/// timeout (10 s by default) before it is sent.
///
/// ```swift
/// var configuration = SandboxServer.Configuration()
/// configuration.faults = SandboxFaults.Configuration(percent: 2)
/// ```
public final class SandboxFaults: Sendable {
    /// How many answers fail, from which seed, and how long a slow one waits.
    public struct Configuration: Sendable {
        /// The share of answers that fail, 0 to 100; 0 is none.
        public var percent = 0
        /// The generator's seed: the same seed draws the same faults in the same order.
        public var seed: UInt64 = 19
        /// Milliseconds a slow answer waits: past the 10 s fetch timeout by default.
        public var slowMilliseconds = 12_000

        /// No faults, seed 19, slow answers after 12 s.
        public init(percent: Int = 0, seed: UInt64 = 19, slowMilliseconds: Int = 12_000) {
            self.percent = percent
            self.seed = seed
            self.slowMilliseconds = slowMilliseconds
        }
    }

    /// One way an answer fails.
    public enum Fault: Sendable, CaseIterable {
        /// HTTP 500 with a short text body.
        case serverError
        /// HTTP 503 with a short text body and `Retry-After`.
        case unavailable
        /// The answer's status and headers with only the first half of its body.
        case truncated
        /// The answer's status and headers with random bytes instead of its body.
        case garbage
        /// The answer itself, sent after ``Configuration/slowMilliseconds``.
        case slow
    }

    /// The configuration it draws with.
    public let configuration: Configuration
    private let state: Mutex<UInt64>

    /// A generator at the start of its seed's sequence.
    public init(_ configuration: Configuration) {
        self.configuration = configuration
        state = Mutex(configuration.seed)
    }

    /// The fault of the next answer, or nil when it is answered as is.
    public func draw() -> Fault? {
        guard configuration.percent > 0 else { return nil }
        let (roll, kind) = state.withLock { state in (Self.next(&state), Self.next(&state)) }
        guard roll % 10_000 < UInt64(min(configuration.percent, 100)) * 100 else { return nil }
        return Fault.allCases[Int(kind % UInt64(Fault.allCases.count))]
    }

    /// `response` as `fault` makes it (a slow answer is returned as is: its wait is the caller's).
    public func apply(_ fault: Fault, to response: Response) -> Response {
        var response = response
        switch fault {
        case .serverError:
            return Response(status: 500, headers: HTTPHeaders(contentType: "text/plain; charset=utf-8"),
                            body: .bytes(Array("Internal Server Error (sandbox fault)\n".utf8)), cache: .noStore)
        case .unavailable:
            var headers = HTTPHeaders(contentType: "text/plain; charset=utf-8")
            headers.set("Retry-After", "1")
            return Response(status: 503, headers: headers, body: .bytes(Array("Service Unavailable (sandbox fault)\n".utf8)), cache: .noStore)
        case .truncated:
            if case .bytes(let body) = response.body { response.body = .bytes(Array(body.prefix(body.count / 2))) }
        case .garbage:
            if case .bytes(let body) = response.body {
                var seed = state.withLock { Self.next(&$0) }
                response.body = .bytes((0..<max(body.count, 64)).map { _ in UInt8(truncatingIfNeeded: Self.next(&seed)) })
            }
        case .slow:
            break
        }
        return response
    }

    /// `route` with every answer passed through ``draw()``: answered on the async path, so that a
    /// slow answer holds no server thread.
    func wrap(_ route: Route) -> Route {
        let immediate = route.immediate, handler = route.handler
        let slow = configuration.slowMilliseconds
        var wrapped = Route(route.method, route.template, summary: route.summary, readsRawQuery: route.readsRawQuery, handler: { request in
            let fault = self.draw()
            if fault == .slow { try await Task.sleep(for: .milliseconds(slow)) }
            let response: Response
            if let immediate, let answer = try immediate(request) {
                response = answer
            } else if let handler {
                response = try await handler(request)
            } else {
                throw CancellationError()
            }
            return fault.map { self.apply($0, to: response) } ?? response
        })
        wrapped.errorStyle = route.errorStyle
        wrapped.isAdmin = route.isAdmin
        wrapped.cost = route.cost
        return wrapped
    }

    /// One SplitMix64 step.
    private static func next(_ state: inout UInt64) -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
