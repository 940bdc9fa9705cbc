public import Kernel
public import Server
public import Store
import Synchronization

/// The per-client limits of the public API, as the server's `RequestGate`: who a client is (its
/// API key, or else its address), what it may spend (`--client-rate`/`--client-burst` for
/// anonymous clients, the keys file's rules for keys), and what it is told.
///
/// Every admitted request to a limited endpoint carries the IETF fields
/// (draft-ietf-httpapi-ratelimit-headers: `RateLimit-Policy: "default";q=10;w=1` and
/// `RateLimit: "default";r=3;t=1`, plus a `"daily"` item for a key with a quota) and the
/// `X-Rate-Limit-Limit`, `-Remaining` and `-Reset` fields that transport.opendata.ch's clients
/// read. Over the limit: 429 `rate_limited` with `Retry-After`; an unknown key: 401
/// `invalid_api_key`. When the limiter's store cannot be reached the request passes unlimited and
/// is counted (`gottago_client_limit_store_failures_total`).
///
/// ```swift
/// let limits = ClientLimits(anonymous: RateRule(rate: 10, burst: 20), keys: nil, limiter: MemoryRateLimiter())
/// ```
public final class ClientLimits: RequestGate {
    private let anonymous: Plan?
    private let keys: APIKeys?
    private let byName: [String: Plan]
    private let limiter: any RateLimiter
    private let immediate: (any ImmediateRateLimiter)?
    private let now: @Sendable () -> Int64
    private let metrics = LimitMetrics()

    /// Limits for anonymous clients (nil: unlimited) and for keys (nil: keys are not taken),
    /// counted by `limiter`; `now` gives milliseconds since the epoch (injected by tests).
    public init(anonymous: RateRule?, keys: APIKeys?, limiter: any RateLimiter, now: @escaping @Sendable () -> Int64 = WallClock.milliseconds) {
        self.anonymous = anonymous.map(Plan.init)
        self.keys = keys
        self.limiter = limiter
        immediate = limiter as? any ImmediateRateLimiter
        self.now = now
        byName = Dictionary(uniqueKeysWithValues: (keys?.entries ?? []).map { ($0.name, Plan($0.rule)) })
    }

    public var takesKeys: Bool { keys != nil }

    public func admitNow(_ client: ClientIdentity, cost: Int) -> GateVerdict? {
        switch identify(client) {
        case .unknownKey:
            metrics.invalidKeys.add(1, ordering: .relaxed)
            return .refused(HTTPError.catalogued("invalid_api_key", "The API key is not known."))
        case .unlimited:
            return .admitted(HTTPHeaders(), charged: nil)
        case .limited(let id, let plan, let key):
            guard let immediate else { return nil }
            let decision = immediate.takeNow(cost, from: id, rule: plan.rule, now: now(), force: false)
            return verdict(decision, id: id, plan: plan, key: key)
        }
    }

    public func admit(_ client: ClientIdentity, cost: Int) async -> GateVerdict {
        if let verdict = admitNow(client, cost: cost) { return verdict }
        guard case .limited(let id, let plan, let key) = identify(client) else { return .admitted(HTTPHeaders(), charged: nil) }
        guard let decision = await limiter.take(cost, from: id, rule: plan.rule, now: now(), force: false) else {
            metrics.storeFailures.add(1, ordering: .relaxed)
            return .admitted(HTTPHeaders(), charged: nil)
        }
        return verdict(decision, id: id, plan: plan, key: key)
    }

    public func charge(_ charged: String, units: Int) {
        let rule = (charged.hasPrefix("key:") ? byName[String(charged.dropFirst(4))] : anonymous)?.rule
        guard let rule, units > 0 else { return }
        let time = now()
        if let immediate {
            _ = immediate.takeNow(units, from: charged, rule: rule, now: time, force: true)
            return
        }
        let limiter = self.limiter, metrics = self.metrics
        Task {
            if await limiter.take(units, from: charged, rule: rule, now: time, force: true) == nil {
                metrics.storeFailures.add(1, ordering: .relaxed)
            }
        }
    }

    /// The limits' metrics in the Prometheus text format, for `/metrics`.
    public func prometheusText() -> String {
        metrics.exposition(day: GCRA.day(of: now()))
    }

    // MARK: Identity and answers

    private enum Identity {
        case unknownKey
        case unlimited
        case limited(id: String, plan: Plan, key: String?)
    }

    /// A rule and the fields that only depend on it, written once.
    struct Plan: Sendable {
        let rule: RateRule
        let policy: String
        let limit: String
        /// The fields a rested client is told after one unit, as most clients within their limits
        /// are: they are written once here, not for every answer. Nil for a rule with a daily
        /// quota, whose fields change with every request.
        private(set) var rested: (remaining: Int, reset: Int, fields: HTTPHeaders)?

        init(_ rule: RateRule) {
            self.rule = rule
            let (quota, window) = ClientLimits.policy(rule)
            var policy = "\"default\";q=\(quota);w=\(window)"
            if let daily = rule.dailyQuota { policy += ", \"daily\";q=\(daily);w=86400" }
            self.policy = policy
            limit = String(quota)
            guard rule.dailyQuota == nil else { return }
            let first = GCRA(rule: rule).take(1, tat: nil, now: 0).decision
            let reset = ClientLimits.seconds(first.resetMilliseconds, atLeast: 0)
            rested = (first.remaining, reset, ClientLimits.writeFields(first, reset: reset, plan: self))
        }
    }

    private func identify(_ client: ClientIdentity) -> Identity {
        if let keys, let key = client.key {
            guard let entry = keys.entry(for: key), let plan = byName[entry.name] else { return .unknownKey }
            return .limited(id: "key:" + entry.name, plan: plan, key: entry.name)
        }
        guard let anonymous else { return .unlimited }
        return .limited(id: "ip:" + client.address, plan: anonymous, key: nil)
    }

    private func verdict(_ decision: RateDecision, id: String, plan: Plan, key: String?) -> GateVerdict {
        let rule = plan.rule
        if let key, let quota = rule.dailyQuota, let left = decision.quotaRemaining {
            metrics.recordQuota(key: key, used: quota - left, quota: quota, day: GCRA.day(of: now()))
        }
        let fields = Self.fields(decision, plan: plan)
        guard !decision.allowed else { return .admitted(fields, charged: id) }
        if key == nil {
            metrics.limitedAnonymous.add(1, ordering: .relaxed)
        } else {
            metrics.limitedKeys.add(1, ordering: .relaxed)
        }
        let seconds = Self.seconds(decision.retryAfterMilliseconds)
        let message = decision.quotaSpent
            ? "Today's quota of \(rule.dailyQuota ?? 0) requests for this key is spent; it renews at midnight UTC."
            : "Too many requests; ask again in \(seconds) s."
        var headers = ErrorCatalog.headers(for: "rate_limited", retryAfter: seconds)
        for field in fields { headers.add(field.name, field.value) }
        return .refused(HTTPError(status: ErrorCatalog.status(of: "rate_limited"), code: "rate_limited", message: message, headers: headers))
    }

    /// The limit fields for a decision under a rule.
    static func fields(_ decision: RateDecision, plan: Plan) -> HTTPHeaders {
        let reset = seconds(decision.resetMilliseconds, atLeast: 0)
        if let rested = plan.rested, decision.remaining == rested.remaining, reset == rested.reset { return rested.fields }
        return writeFields(decision, reset: reset, plan: plan)
    }

    /// The limit fields for a decision whose reset is `reset` seconds, written out.
    static func writeFields(_ decision: RateDecision, reset: Int, plan: Plan) -> HTTPHeaders {
        var state = "\"default\";r=\(decision.remaining);t=\(reset)"
        var remaining = decision.remaining
        if plan.rule.dailyQuota != nil, let left = decision.quotaRemaining, let renewal = decision.quotaResetMilliseconds {
            state += ", \"daily\";r=\(left);t=\(seconds(renewal, atLeast: 0))"
            remaining = min(remaining, left)
        }
        // Built field by field into a list of exactly their number: an array literal would
        // make an array of pairs first, and room for the server's fields besides.
        var fields = HTTPHeaders(capacity: 5)
        fields.add("RateLimit-Policy", plan.policy)
        fields.add("RateLimit", state)
        fields.add("X-Rate-Limit-Limit", plan.limit)
        fields.add("X-Rate-Limit-Remaining", String(remaining))
        fields.add("X-Rate-Limit-Reset", String(reset))
        return fields
    }

    /// The `"default"` policy's quota and window: the rate per second, or per the whole seconds
    /// that hold one request when the rate is lower.
    static func policy(_ rule: RateRule) -> (quota: Int, window: Int) {
        guard rule.rate < 1 else { return (Int(rule.rate.rounded(.down)), 1) }
        let window = Int((1 / rule.rate).rounded(.up))
        return (max(1, Int((rule.rate * Double(window)).rounded(.down))), window)
    }

    /// Milliseconds as whole seconds, rounded up.
    static func seconds(_ milliseconds: Int64, atLeast floor: Int64 = 1) -> Int {
        Int(max(floor, (milliseconds + 999) / 1000))
    }
}

/// The counters behind the limits' metrics.
final class LimitMetrics: Sendable {
    let limitedAnonymous = Atomic<Int>(0)
    let limitedKeys = Atomic<Int>(0)
    let invalidKeys = Atomic<Int>(0)
    let storeFailures = Atomic<Int>(0)
    /// Each key's units today and its quota, as this instance last saw them.
    private let quotas = Mutex<[String: (used: Int, quota: Int, day: Int64)]>([:])

    /// A key counts as near its quota from this share of it.
    static let nearShare = 0.9

    func recordQuota(key: String, used: Int, quota: Int, day: Int64) {
        quotas.withLock { $0[key] = (used, quota, day) }
    }

    func exposition(day: Int64) -> String {
        let today = quotas.withLock { table in table.filter { $0.value.day == day } }
        let near = today.values.count { Double($0.used) >= Self.nearShare * Double($0.quota) }
        var text = """
            # HELP gottago_client_limited_total Requests refused 429 by the per-client limits, by client class.
            # TYPE gottago_client_limited_total counter
            gottago_client_limited_total{class="anonymous"} \(limitedAnonymous.load(ordering: .relaxed))
            gottago_client_limited_total{class="key"} \(limitedKeys.load(ordering: .relaxed))
            # HELP gottago_client_invalid_keys_total Requests refused 401 for an unknown API key.
            # TYPE gottago_client_invalid_keys_total counter
            gottago_client_invalid_keys_total \(invalidKeys.load(ordering: .relaxed))
            # HELP gottago_client_limit_store_failures_total Requests let through unlimited because the limits' store (Redis) was away.
            # TYPE gottago_client_limit_store_failures_total counter
            gottago_client_limit_store_failures_total \(storeFailures.load(ordering: .relaxed))
            # HELP gottago_client_keys_near_quota Keys that have spent at least 90% of today's quota, as this instance last saw.
            # TYPE gottago_client_keys_near_quota gauge
            gottago_client_keys_near_quota \(near)

            """
        guard !today.isEmpty else { return text }
        text += "# HELP gottago_client_key_quota_used_ratio Share of today's quota each key has spent, as this instance last saw.\n"
        text += "# TYPE gottago_client_key_quota_used_ratio gauge\n"
        for (key, use) in today.sorted(by: { $0.key < $1.key }) {
            text += "gottago_client_key_quota_used_ratio{key=\"\(key)\"} \(Double(use.used) / Double(max(1, use.quota)))\n"
        }
        return text
    }
}
