import Markup
import Server
import Services
import Store
import Upstream

/// Health, readiness and metrics endpoints for operators and load balancers.
enum OpsEndpoints {
    static func endpoints(
        readiness: Readiness, metrics: MetricsReference, upstreams: Upstreams?, departures: DepartureFeed? = nil, limits: ClientLimits? = nil,
        kept: [(family: String, answers: RenderedAnswers)] = []
    ) -> [Endpoint] {
        [
            Endpoint(
                "/healthz", id: "health", tag: "operations", summary: "Liveness: the process answers.",
                output: .documents([.health]), outputDoc: "The process is alive: `health/status` is `ok`.", cost: .free
            ).answeringInline { request, _ in
                .document(ServiceDocuments.health.node(()), for: request, cache: .noStore)
            },
            // A degraded cache (Redis away, memory standing in) is reported but keeps the
            // service ready: requests are still answered. The state is Redis's as its probe
            // last saw it, not the outcome of the last request that reached it.
            Endpoint(
                "/readyz", id: "ready", tag: "operations",
                summary: "Readiness: everything is loaded and requests can be served; the cache's state.",
                output: .documents([.ready]),
                outputDoc: "Ready; `ready/cache` names the cache driver and its state (`ok`, or `degraded` with a `reason` while Redis "
                    + "is away and memory stands in), as Redis's background probe last saw it; `ready/departures` the feed's state.",
                errors: ["not_ready"], cost: .free
            ).answering { request, _ in
                guard readiness.isReady else {
                    // Readiness is usually a matter of seconds (loading, or draining before a stop).
                    throw HTTPError.catalogued("not_ready", "The service is starting or stopping.", retryAfter: 5)
                }
                var state = ServiceDocuments.Readiness()
                if let upstreams {
                    switch await upstreams.cache.status {
                    case .ok:
                        state.cache = (upstreams.cache.name, "ok", nil)
                    case .degraded(let reason):
                        state.cache = (upstreams.cache.name, "degraded", reason)
                    }
                }
                state.departures = departures.map(feedState)
                return .document(ServiceDocuments.ready.node(state), for: request, cache: .noStore)
            },
            Endpoint(
                "/metrics", id: "metrics", tag: "operations", summary: "Metrics in the Prometheus text format: server, upstreams and cache.",
                output: .text(mediaType: "text/plain"), outputDoc: "Prometheus text exposition format 0.0.4.", cost: .free
            ).admin().answering { _, _ in
                var text = metrics.current?.exposition() ?? ""
                if let upstreams { text += await upstreams.prometheusText() }
                if let limits { text += limits.prometheusText() }
                if !kept.isEmpty {
                    text += "# HELP gottago_kept_answers_bytes Bytes of the rendered answers kept in memory, by family of endpoints (each body with its gzip form and each key once, the records of every shard that holds them).\n"
                    text += "# TYPE gottago_kept_answers_bytes gauge\n"
                    for (family, answers) in kept { text += "gottago_kept_answers_bytes{endpoints=\"\(family)\"} \(answers.heldBytes)\n" }
                }
                if let departures, let snapshot = departures.inService {
                    text += "# HELP gottago_departures_feed_age_seconds Seconds since the departures feed in service was fetched.\n"
                    text += "# TYPE gottago_departures_feed_age_seconds gauge\n"
                    text += "gottago_departures_feed_age_seconds \(snapshot.age(now: departures.now))\n"
                }
                var response = Response.text(text, cache: .noStore)
                response.headers.set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
                return response
            },
        ]
    }

    /// The departures feed in `/readyz`: `waiting` before the first request has fetched one, `ok`
    /// while fresh, `idle` when older (it is refreshed by the next request); its age, and the
    /// upstream's last failure since the last good feed. None of them makes the service unready.
    static func feedState(_ feed: DepartureFeed) -> (status: String, age: Int?, failure: String?) {
        guard let snapshot = feed.inService else {
            return ("waiting", nil, feed.lastFailure?.message)
        }
        let age = snapshot.age(now: feed.now)
        return (Int64(age) * 1000 < feed.refreshInterval ? "ok" : "idle", age, feed.lastFailure?.message)
    }
}
