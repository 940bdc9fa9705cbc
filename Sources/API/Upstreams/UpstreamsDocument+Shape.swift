public import Markup
import Model
import Scrape
import Upstream

extension UpstreamsDocument {
    /// The document, declared once for its node and the schemas.
    public static let document = DocumentShape<[Row]>("upstreams", .list("upstream", upstream) { $0 })

    static let upstream = Shape<Row>.children(nil, [
        .leaf("name", .name) { $0.status.name },
        .list("roles", "role", role, summary: "What the chosen providers use it for; empty when only /api/routes/{id}/result asks it.") {
            $0.use.roles
        },
        .element(
            "origin", origin,
            summary: "Where its requests go: the embedded sandbox, or the upstream (its route files' hosts, or a given origin)."
        ) { $0 },
        .optional("retired", .retired, summary: "Every route of it is retired: the year, or true when not known.") { $0.retired },
        .element("politeness", politeness) { $0.status },
        .element("cache", cache, summary: "The cache times of its routes that state none.") { $0.status.policy.cacheTimes(for: nil) },
        .element("breaker", breaker) { $0.status },
        .optionalElement("last_success", outcome) { $0.status.lastSuccess },
        .optionalElement("last_failure", outcome) { $0.status.lastFailure },
        .list("routes", "route", route) { $0.status.routes },
        .optionalElement("canary", canary, summary: "`gottago upstreams check` only: what the canary request gave.") { $0.canary },
    ])

    static let role = Shape<UpstreamUse.Role>.children(nil, [
        .leaf("name", .enumeration("Role", ["timetable", "departures", "transit", "weather", "directions", "geocoding"])) { $0.name },
        .leaf("provider", .name) { $0.provider },
    ])

    static let origin = Shape<Row>.children(nil, [
        .leaf("kind", .enumeration("OriginKind", ["sandbox", "live"])) { $0.use.sandbox ? "sandbox" : "live" },
        .list("hosts", "host", Shape<String>.text(.string)) { $0.status.hosts },
    ])

    static let politeness = Shape<UpstreamStatus>.children(nil, [
        .leaf("max_concurrent", .positive) { $0.policy.maxConcurrent },
        .leaf("rate", .seconds, summary: "Requests per second on average, and the burst allowed.") { seconds($0.policy.rate) },
        .leaf("burst", .positive) { $0.policy.burst },
        .leaf("breaker_threshold", .positive, summary: "Consecutive failures that open the breaker, and seconds it stays open.") {
            $0.policy.breakerThreshold
        },
        .leaf("breaker_cooldown", .seconds) { seconds($0.policy.breakerCooldown) },
        .leaf("retries", .count) { $0.policy.retries },
        .leaf("connect_timeout", .seconds) { seconds($0.connectTimeout) },
        .leaf("timeout", .seconds) { seconds($0.totalTimeout) },
    ])

    static let cache = Shape<CacheTimes>.children("Cache", [
        .leaf("fresh", .seconds) { seconds($0.fresh) },
        .leaf("stale_while_revalidate", .seconds) { seconds($0.staleWhileRevalidate) },
        .leaf("stale_if_error", .seconds) { seconds($0.staleIfError) },
    ])

    static let breaker = Shape<UpstreamStatus>.children(nil, [
        .leaf("state", .enumeration("BreakerState", ["closed", "open", "half-open"])) { $0.breaker.rawValue },
        .leaf("failures", .count, summary: "Consecutive failures counted (the threshold once open).") { $0.consecutiveFailures },
    ])

    static let outcome = Shape<UpstreamOutcomes.Outcome>.children(
        "Outcome", summary: "One exchange: when (UTC), `ok` or the failure's code, and the upstream's HTTP status when it answered.",
        [
            .leaf("time", .time) { time($0.at) },
            .leaf("code", .code) { $0.code },
            .optional("status", .integer) { $0.status },
        ])

    static let route = Shape<UpstreamStatus.RouteStatus>.children(
        "RouteStatus", summary: "One route, with its fields' fill rates over its last answers (at most 50).",
        [
            .leaf("id", .name) { $0.route.id },
            .optional("retired", .retired) { $0.route.retired?.value },
            .element("cache", cache) { $0.cache },
            .optionalElement("daily_quota", dailyQuota, summary: "The route's daily budget at the upstream, when its terms set one and it applies.") {
                $0.dailyQuota
            },
            .leaf("answers", .count, summary: "Answers with records counted.") { $0.fill.answers },
            .list("fields", "field", field) { $0.fill.fields },
        ])

    static let dailyQuota = Shape<(limit: Int, left: Int)>.children(nil, [
        .leaf("limit", .positive) { $0.limit },
        .leaf("left", .count) { $0.left },
    ])

    static let field = Shape<FieldFill>.children(nil, [
        .leaf("list", .string, summary: "The record list's path: connections, connections/parts.") { $0.list },
        .leaf("name", .code) { $0.field },
        .leaf("records", .count) { $0.records },
        .leaf("filled", .count) { $0.filled },
        .optional("percent", .range(nil, 0...100), summary: "filled / records in whole percent, rounded down; absent without records.") {
            $0.percent
        },
    ])

    static let canary = Shape<CanaryResult>.children(nil, [
        .leaf("route", .name) { $0.route },
        .leaf("code", .code) { $0.code },
        .leaf("status", .integer) { $0.status },
        .leaf("records", .count) { $0.records },
        .optional("message", .string) { $0.message },
    ])
}

extension TextType where Value == String {
    /// An upstream's, a provider's or a route's name: `opendata`, `bart-etd`.
    static var name: Self { .pattern("Name", "[a-z0-9]+(-[a-z0-9]+)*") }
    /// A retirement: its year, or `true` when not known.
    static var retired: Self { .pattern("Retired", #"true|\d{4}"#) }
}

extension TextType where Value == Node.Value {
    /// Seconds (or a rate per second) from 0: whole numbers without a fraction.
    static var seconds: Self {
        var declaration = TextType<Double>.decimal.declaration
        declaration.name = "Seconds"
        declaration.minimum = 0
        return Self(declaration)
    }
}
