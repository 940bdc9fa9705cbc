/// One endpoint: a method, a path template, its documentation summary and its handler.
///
/// ```swift
/// Route.get("/api/sbb/from/{from}/to/{to}", summary: "Connections between stations") { request in
///     let from = try request.parameters.list("from")
///     …
/// }
/// ```
public struct Route: Sendable {
    /// A handler that may wait (upstream fetches); it holds no server thread while it does.
    public typealias Handler = @Sendable (Request) async throws -> Response
    /// A handler that answers at once from memory, or returns nil to fall back to the async one.
    public typealias ImmediateHandler = @Sendable (Request) throws -> Response?

    /// The method, such as `GET`.
    public let method: String
    /// The path template, such as `/api/bart/stations/{abbr}/departures`.
    public let template: String
    /// One line for `/api` and the OpenAPI document.
    public let summary: String
    /// The fast path, run on the server thread.
    public let immediate: ImmediateHandler?
    /// The async path.
    public let handler: Handler?
    /// Whether the handler reads the query itself from `rawQuery`: the server then neither
    /// decodes it (it may be in another encoding than UTF-8, as old servers' forms send) nor
    /// negotiates the format from it.
    public let readsRawQuery: Bool
    /// How its errors are written; nil for the service's own error documents.
    public var errorStyle: ErrorStyle?
    /// Whether it is answered only to clients in the admin networks; anyone else gets the 404 of
    /// a path no route matches.
    public var isAdmin = false
    /// What a request takes from its client's limit (when limits are on).
    public var cost = RequestCost.standard

    /// Creates a route with an async handler and an optional fast path tried first.
    public init(
        _ method: String, _ template: String, summary: String, readsRawQuery: Bool = false,
        immediate: ImmediateHandler? = nil, handler: Handler? = nil
    ) {
        precondition(immediate != nil || handler != nil, "a route needs a handler")
        self.method = method
        self.template = template
        self.summary = summary
        self.readsRawQuery = readsRawQuery
        self.immediate = immediate
        self.handler = handler
    }

    /// A GET route (HEAD follows it) with an async handler.
    public static func get(_ template: String, summary: String, handler: @escaping Handler) -> Route {
        Route("GET", template, summary: summary, handler: handler)
    }

    /// A GET route (HEAD follows it) answered inline on the server thread: for answers from memory.
    public static func getInline(_ template: String, summary: String, immediate: @escaping @Sendable (Request) throws -> Response) -> Route {
        Route("GET", template, summary: summary, immediate: { try immediate($0) })
    }
}
