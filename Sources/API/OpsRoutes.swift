import Markup
import Server

/// Health, readiness and metrics endpoints for operators and load balancers.
enum OpsRoutes {
    static func routes(readiness: Readiness, metrics: MetricsReference) -> [Route] {
        [
            .getInline("/healthz", summary: "Liveness: the process answers.") { request in
                .document(.element("health", [.leaf("status", "ok")]), for: request, cache: .noStore)
            },
            .getInline("/readyz", summary: "Readiness: everything is loaded and requests can be served.") { request in
                guard readiness.isReady else {
                    throw HTTPError.unavailable("The service is starting or stopping.", code: "not_ready")
                }
                return .document(.element("ready", [.leaf("status", "ready")]), for: request, cache: .noStore)
            },
            .getInline("/metrics", summary: "Metrics in the Prometheus text format.") { _ in
                var response = Response.text(metrics.current?.exposition() ?? "", cache: .noStore)
                response.headers.set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
                return response
            },
        ]
    }
}
