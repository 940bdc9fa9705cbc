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
        return .list("upstreams", statuses.map { upstream($0, use: uses[$0.name] ?? UpstreamUse(), canary: canaries[$0.name]) })
    }

    static func upstream(_ status: UpstreamStatus, use: UpstreamUse, canary: CanaryResult?) -> Node {
        let policy = status.policy
        let retirements = status.routes.map(\.route.retired)
        // An upstream is retired when all of its routes are.
        let retired = retirements.allSatisfy { $0 != nil } ? retirements.compactMap { $0 }.first : nil
        return .element("upstream", [
            .leaf("name", status.name),
            .list("roles", use.roles.map { .element("role", [.leaf("name", $0.name), .leaf("provider", $0.provider)]) }),
            .element("origin", [.leaf("kind", use.sandbox ? "sandbox" : "live"), .list("hosts", status.hosts.map { .leaf("host", $0) })]),
            .leaf("retired", retired?.value),
            .element("politeness", [
                .leaf("max_concurrent", policy.maxConcurrent), seconds("rate", policy.rate), .leaf("burst", policy.burst),
                .leaf("breaker_threshold", policy.breakerThreshold), seconds("breaker_cooldown", policy.breakerCooldown),
                .leaf("retries", policy.retries), seconds("connect_timeout", status.connectTimeout), seconds("timeout", status.totalTimeout),
            ]),
            cache(policy.cacheTimes(for: nil)),
            .element("breaker", [.leaf("state", status.breaker.rawValue), .leaf("failures", status.consecutiveFailures)]),
            status.lastSuccess.map { outcome("last_success", $0) },
            status.lastFailure.map { outcome("last_failure", $0) },
            .list("routes", status.routes.map(route)),
            canary.map(canaryNode),
        ])
    }

    static func route(_ route: UpstreamStatus.RouteStatus) -> Node {
        .element("route", [
            .leaf("id", route.route.id),
            .leaf("retired", route.route.retired?.value),
            cache(route.cache),
            route.dailyQuota.map { .element("daily_quota", [.leaf("limit", $0.limit), .leaf("left", $0.left)]) },
            .leaf("answers", route.fill.answers),
            .list("fields", route.fill.fields.map { field in
                .element("field", [
                    .leaf("list", field.list), .leaf("name", field.field), .leaf("records", field.records), .leaf("filled", field.filled),
                    .leaf("percent", field.percent),
                ])
            }),
        ])
    }

    static func cache(_ times: CacheTimes) -> Node {
        .element("cache", [
            seconds("fresh", times.fresh), seconds("stale_while_revalidate", times.staleWhileRevalidate),
            seconds("stale_if_error", times.staleIfError),
        ])
    }

    static func outcome(_ name: String, _ outcome: UpstreamOutcomes.Outcome) -> Node {
        .element(name, [.leaf("time", time(outcome.at)), .leaf("code", outcome.code), .leaf("status", outcome.status)])
    }

    static func canaryNode(_ result: CanaryResult) -> Node {
        .element("canary", [
            .leaf("route", result.route), .leaf("code", result.code), .leaf("status", result.status), .leaf("records", result.records),
            .leaf("message", result.message),
        ])
    }

    /// A number of seconds (or per second): whole numbers without a fraction.
    static func seconds(_ name: String, _ value: Double) -> Node {
        guard value.isFinite else { return .leaf(name, "") }
        if value == value.rounded(), abs(value) < 1e15 { return .leaf(name, Int(value)) }
        return .leaf(name, value)
    }

    /// Milliseconds of the wall clock as ISO 8601 in UTC.
    static func time(_ milliseconds: Int64) -> String {
        ZonedTime.iso8601(atUTC: milliseconds / 1000, in: .utc) ?? "1970-01-01T00:00:00+00:00"
    }
}
