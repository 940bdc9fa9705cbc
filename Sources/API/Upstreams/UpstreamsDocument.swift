public import Markup
import Scrape
public import Upstream
import Kernel

/// The `upstreams` document: each upstream's roles, origin, politeness, breaker, last success
/// and failure, and its routes' field fill rates (valid against `/api/schema/upstreams.xsd`).
///
/// Served at `/api/upstreams` and printed by `gottago upstreams check`, which adds each
/// upstream's `canary`. Secret headers (tokens) are never part of it.
public enum UpstreamsDocument {
    /// The document for the upstreams named (all, by default), with canary results where given.
    public static func node(
        _ upstreams: Upstreams, uses: [String: UpstreamUse], names: [String]? = nil, canaries: [String: CanaryResult] = [:]
    ) -> Node {
        let statuses = (names ?? upstreams.names).compactMap { upstreams.status(of: $0) }
        return document.node(statuses.map { Row(status: $0, use: uses[$0.name] ?? UpstreamUse(), canary: canaries[$0.name]) })
    }

    /// One upstream's entry: its status, how the service uses it, and its canary's result when one was asked.
    public struct Row: Sendable {
        public let status: UpstreamStatus
        public let use: UpstreamUse
        public let canary: CanaryResult?

        /// The year every route of it was retired, `true` when not known; nil while one route is not.
        var retired: String? {
            let retirements = status.routes.map(\.route.retired)
            return retirements.allSatisfy { $0 != nil } ? retirements.compactMap { $0 }.first?.value : nil
        }
    }

    /// A number of seconds (or per second): whole numbers without a fraction.
    static func seconds(_ value: Double) -> Node.Value {
        guard value.isFinite else { return .string("") }
        if value == value.rounded(), abs(value) < 1e15 { return .int(Int(value)) }
        return .double(value)
    }

    /// Milliseconds of the wall clock as ISO 8601 in UTC.
    static func time(_ milliseconds: Int64) -> String {
        ZonedTime.iso8601(atUTC: milliseconds / 1000, in: .utc) ?? "1970-01-01T00:00:00+00:00"
    }
}
