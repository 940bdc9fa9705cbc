public import Markup
import Model
public import Scrape
import Server

/// The service's own documents, declared once: the endpoint list (`/api`), the route files
/// (`/api/routes`), liveness and readiness (`/healthz`, `/readyz`) and the debug delay.
public enum ServiceDocuments {
    /// One endpoint of `/api`: its method, path template and summary.
    public typealias Endpoint = (method: String, path: String, summary: String)

    /// `/api`: the service's name and version, where its OpenAPI description is, and its endpoints.
    public static let api = DocumentShape<(version: String, endpoints: [Endpoint])>(
        "api", summary: "The list of endpoints.",
        .children(nil, [
            .leaf("name", .string) { _ in "gottago" },
            .leaf("version", .string) { $0.version },
            .leaf("openapi", .string) { _ in "/api/openapi.json" },
            .list("endpoints", "endpoint", .children(nil, [
                .leaf("method", .string) { $0.method },
                .leaf("path", .string) { $0.path },
                .leaf("summary", .string) { $0.summary },
            ])) { $0.endpoints },
        ]))

    /// `/api/routes`: each route file with its parameters.
    public static let routes = DocumentShape<[Scrape.Route]>(
        "routes", summary: "The route files: what each fetches, from which upstream, with which parameters.",
        .list("route", .children(nil, [
            .leaf("id", .string) { $0.id },
            .leaf("domain", .string) { $0.domain },
            .leaf("upstream", .string) { $0.upstream },
            .leaf("summary", .string) { $0.summary },
            .leaf("path", .string) { "/api/routes/\($0.id)/result" },
            .list("parameters", "parameter", parameter) { $0.parameters },
            .optional("retired", .string, summary: "The year the upstream stopped answering, or true.") { $0.retired?.value },
        ])) { $0 })

    static let parameter = Shape<RouteParameter>.children(nil, [
        .leaf("name", .string) { $0.name },
        // A word, not a boolean: the document has always said "true" or "false" as text.
        .leaf("required", .enumeration(nil, ["true", "false"])) { $0.required ? "true" : "false" },
        .optional("default", .string) { $0.defaultValue },
        .optional("repeat", .positive, summary: "How many values a repeatable parameter takes.") { $0.isRepeatable ? $0.maxValues : nil },
        .leaf("summary", .string) { $0.summary },
    ])

    /// `/healthz`: the process answers.
    public static let health = DocumentShape<Void>("health", .children(nil, [.leaf("status", .enumeration(nil, ["ok"])) { _ in "ok" }]))

    /// What `/readyz` says: the cache's driver and state, and the departures feed's.
    public struct Readiness: Sendable {
        /// The cache driver's name, its state (`ok`, `degraded`) and why it is degraded.
        public var cache: (driver: String, status: String, reason: String?)?
        /// The feed's state (`waiting`, `ok`, `idle`), its age and the last failure since the last good feed.
        public var departures: (status: String, age: Int?, failure: String?)?
    }

    /// `/readyz`: everything is loaded and requests can be served.
    public static let ready = DocumentShape<Readiness>(
        "ready",
        .children(nil, [
            .leaf("status", .enumeration(nil, ["ready"])) { _ in "ready" },
            .optionalElement("cache", .children(nil, [
                .leaf("driver", .string) { $0.driver },
                .leaf("status", .enumeration(nil, ["ok", "degraded"])) { $0.status },
                .optional("reason", .string) { $0.reason },
            ])) { $0.cache },
            .optionalElement("departures", .children(nil, [
                .leaf("status", .enumeration(nil, ["waiting", "ok", "idle"])) { $0.status },
                .optional("age", .count) { $0.age },
                .optional("failure", .string) { $0.failure },
            ])) { $0.departures },
        ]))

    /// `/debug/delay`: the milliseconds waited.
    public static let delay = DocumentShape<Int>("delay", .children(nil, [.leaf("ms", .count) { $0 }]))

    /// `/debug/sandbox/clock`: the embedded sandbox's time after the move, in Unix seconds.
    public static let clock = DocumentShape<Int64>("clock", .children(nil, [.leaf("time", .count) { Int($0) }]))

    /// The schema of these documents, served at `/api/schema/service.xsd`.
    public static let schema = SchemaFile(
        path: "/api/schema/service.xsd",
        summary: "GottaGo's own documents: the endpoint list, the route files, liveness, readiness, the debug delay and the sandbox clock; and the error document.",
        documents: [api.declaration, routes.declaration, health.declaration, ready.declaration, delay.declaration, clock.declaration, ErrorShape.document.declaration])
}
