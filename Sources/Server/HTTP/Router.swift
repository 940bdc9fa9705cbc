/// Maps a method and a raw path to a registered value through path templates.
///
/// Templates are literal segments, `{name}` segments and `{name}.svg` segments (a parameter and
/// a literal suffix); a `{name}` matches one non-empty raw segment, a `{name}.svg` one that ends
/// with `.svg` and has at least one byte before it, tried before a plain `{name}`. Matching splits the still percent-encoded path on `/` first, so `%2F` stays inside
/// a parameter. A `.xml` or `.json` suffix on the last segment is stripped and reported as the
/// format. Literal segments win over parameters; empty segments (`//`, a trailing `/`) never
/// match, so `/healthz/` is not `/healthz`. `HEAD` is served by the `GET` route unless it has
/// its own.
///
/// ```swift
/// var router = Router<String>()
/// try router.register("GET", "/api/sbb/from/{from}/to/{to}", "connections")
/// if case .found(let match) = router.match(method: "GET", path: "/api/sbb/from/Bern/to/Thun.json") {
///     match.format                          // .json
///     try match.parameters.string("to")     // "Thun"
/// }
/// ```
public struct Router<Value: Sendable>: Sendable {
    /// One registered (method, template) pair and its value.
    public struct Entry: Sendable {
        /// The method, such as `GET`.
        public let method: String
        /// The template as registered.
        public let template: String
        /// The value stored for it.
        public let value: Value
    }

    /// A successful match.
    public struct Match: Sendable {
        /// The value registered for the template and method.
        public let value: Value
        /// The template that matched, for metrics labels and logs.
        public let template: String
        /// The raw parameters the template captured.
        public let parameters: Parameters
        /// The format asked for by a `.xml`/`.json` suffix, if any.
        public let format: Format?
    }

    /// What a method and path resolve to.
    public enum Resolution: Sendable {
        /// A template matched and has a value for the method.
        case found(Match)
        /// A template matched but not for this method: answer 405 with `Allow`.
        case methodNotAllowed(allowed: [String], template: String)
        /// No template matched: answer 404.
        case notFound
    }

    struct Endpoint: Sendable {
        let template: String
        let parameterNames: [String]
        var methods: [(method: String, value: Value)]
        var allowed: [String]
    }

    var tree = RouteTree()
    var endpoints: [Endpoint] = []

    /// Every registered (method, template) pair, in registration order.
    public private(set) var routes: [Entry] = []

    /// Creates an empty router.
    public init() {}

    /// Registers a value for a method and template; a malformed, duplicate or conflicting template throws.
    public mutating func register(_ method: String, _ template: String, _ value: Value) throws(RouterError) {
        let parsed = try PathTemplate(template)
        guard !method.isEmpty else { throw .malformed(template, "empty method") }
        if let index = tree.leaf(of: parsed) {
            let existing = endpoints[index]
            guard existing.template == template else { throw .conflicting(template, with: existing.template) }
            guard !existing.methods.contains(where: { $0.method == method }) else {
                throw .duplicate(template, method: method)
            }
            endpoints[index].methods.append((method, value))
            endpoints[index].allowed = Self.allowed(endpoints[index].methods)
        } else {
            tree.insert(parsed, leaf: endpoints.count)
            endpoints.append(Endpoint(
                template: template, parameterNames: parsed.parameterNames,
                methods: [(method, value)], allowed: Self.allowed([(method, value)])))
        }
        routes.append(Entry(method: method, template: template, value: value))
    }

    private static func allowed(_ methods: [(method: String, value: Value)]) -> [String] {
        var allowed: [String] = []
        for (method, _) in methods {
            allowed.append(method)
            if method == "GET", !methods.contains(where: { $0.method == "HEAD" }) { allowed.append("HEAD") }
        }
        return allowed
    }
}
