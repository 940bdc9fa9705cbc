import Markup
import Server

/// One endpoint, declared once: method, path template, summary, typed parameters, the documents
/// it answers, the error codes it can give, and its handler. The server's route table,
/// parameter decoding, `/api`, `/api/openapi.json` and the README's endpoint table all come
/// from the list of these.
///
/// ```swift
/// Endpoint("/api/geocode", id: "geocode", tag: "geocoding", summary: "Places matching a name.",
///          output: .documents([.places]), errors: ["unknown_place"], cost: .upstream(miss: 2)) {
///     Parameter.query("q", .placeName(maxLength: 200), required: true, "A place name.")
/// }
/// .answering(as: GeocodeArguments.self) { request, arguments in … }
/// ```
struct Endpoint: Sendable {
    /// What a 200 carries.
    enum Output: Sendable {
        /// Documents in XML or JSON (negotiated; `format` and `pretty` apply); with `eventStream`,
        /// also Server-Sent Events leading to them.
        case documents([EndpointDocument], eventStream: Bool = false)
        /// An XML Schema file.
        case xmlSchema
        /// Text in one media type.
        case text(mediaType: String)
        /// A JSON document that is no node tree's mirror (the OpenAPI description, the
        /// transport.opendata.ch answers), with its JSON Schema.
        case json(schema: JSONValue = ["type": "object"])
    }

    /// The handler: a lookup tried before decoding (answers kept as sent), an answer on the
    /// server thread, and an async answer; each optional, at least one given.
    struct Answer: Sendable {
        var lookup: (@Sendable (Request) throws -> Response?)? = nil
        var immediate: (@Sendable (Request, ParameterValues) throws -> Response?)? = nil
        var handler: (@Sendable (Request, ParameterValues) async throws -> Response)? = nil
    }

    /// `GET`, or `POST` for a debug action (`posting()`).
    private(set) var method = "GET"
    /// The route template, such as `/api/bart/stations/{abbr}/departures`.
    let path: String
    /// The path it is published under, when a suffix names its only format (`/api/openapi.json`).
    var publishedPath: String
    /// The OpenAPI operation id and tag (`timetable`, `departures`, …).
    let id: String, tag: String
    /// One line for `/api` and OpenAPI, and more for OpenAPI: what the documents hold, caching, special headers.
    let summary: String, description: String?
    /// What a 200 carries, and what it says.
    let output: Output, outputDoc: String
    /// The endpoint's own parameters (`format` and `pretty` come with documents), and rules over several of them.
    let parameters: [Parameter], rules: [ParameterRule]
    /// The error codes the endpoint itself gives, besides the ones every request may get.
    let errors: [String]
    /// Whether query parameters it does not declare are refused; false when the handler checks
    /// the query itself (a route file's own parameters).
    let refusesUnknownParameters: Bool
    /// How its errors are written, when not as the service's own error documents.
    let errorStyle: ErrorStyle?
    /// What a request takes from its client's limit: a hit, and a miss that asked an upstream.
    let cost: RequestCost
    /// Served only with debug routes on.
    var isDebug = false
    /// Answered only to clients in the admin networks (`--admin-networks`); anyone else gets the
    /// 404 of an unknown path. Operators' views: metrics, upstreams, debug routes.
    var isAdmin = false
    private(set) var answer: Answer?

    init(
        _ path: String, publishedPath: String? = nil, id: String, tag: String, summary: String, description: String? = nil,
        output: Output, outputDoc: String, rules: [ParameterRule] = [], errors: [String] = [], refusesUnknownParameters: Bool = true,
        errorStyle: ErrorStyle? = nil, cost: RequestCost = .standard, @ParameterList parameters: () -> [Parameter] = { [] }
    ) {
        self.path = path
        self.publishedPath = publishedPath ?? path
        self.id = id
        self.tag = tag
        self.summary = summary
        self.description = description
        self.output = output
        self.outputDoc = outputDoc
        self.parameters = parameters()
        self.rules = rules
        self.errors = errors
        self.refusesUnknownParameters = refusesUnknownParameters
        self.errorStyle = errorStyle
        self.cost = cost
    }

    /// Whether the endpoint answers XML/JSON documents (and so takes `format` and `pretty`).
    var answersDocuments: Bool {
        if case .documents = output { return true }
        return false
    }

    /// Every parameter it takes, `format` and `pretty` included.
    var allParameters: [Parameter] {
        answersDocuments ? parameters + [.format, .pretty] : parameters
    }

    /// The endpoint answered by an async handler that takes no arguments of its own.
    func answering(_ handler: @escaping @Sendable (Request, NoArguments) async throws -> Response) -> Endpoint {
        answering(as: NoArguments.self, handler)
    }

    /// The endpoint answered on the server thread, without arguments of its own.
    func answeringInline(_ immediate: @escaping @Sendable (Request, NoArguments) throws -> Response) -> Endpoint {
        answeringInline(as: NoArguments.self, immediate)
    }

    /// The endpoint answered by an async handler with its typed arguments.
    func answering<Arguments: EndpointArguments>(
        as type: Arguments.Type, _ handler: @escaping @Sendable (Request, Arguments) async throws -> Response
    ) -> Endpoint {
        var answer = Answer()
        answer.handler = { @Sendable (request: Request, values: ParameterValues) async throws -> Response in
            try await handler(request, try Arguments(values))
        }
        return with(answer)
    }

    /// The endpoint answered on the server thread (from memory).
    func answeringInline<Arguments: EndpointArguments>(
        as type: Arguments.Type, _ immediate: @escaping @Sendable (Request, Arguments) throws -> Response
    ) -> Endpoint {
        var answer = Answer()
        answer.immediate = { @Sendable (request: Request, values: ParameterValues) throws -> Response? in
            try immediate(request, try Arguments(values))
        }
        return with(answer)
    }

    /// The endpoint with a lookup of kept answers (before decoding: only checked requests are
    /// kept), an optional answer on the server thread, and an async handler.
    func answering<Arguments: EndpointArguments>(
        as type: Arguments.Type, lookup: (@Sendable (Request) throws -> Response?)? = nil,
        immediate: (@Sendable (Request, Arguments) throws -> Response?)? = nil,
        handler: @escaping @Sendable (Request, Arguments) async throws -> Response
    ) -> Endpoint {
        var answer = Answer()
        answer.lookup = lookup
        if let immediate {
            answer.immediate = { @Sendable (request: Request, values: ParameterValues) throws -> Response? in
                try immediate(request, try Arguments(values))
            }
        }
        answer.handler = { @Sendable (request: Request, values: ParameterValues) async throws -> Response in
            try await handler(request, try Arguments(values))
        }
        return with(answer)
    }

    private func with(_ answer: Answer) -> Endpoint {
        var copy = self
        copy.answer = answer
        return copy
    }

    /// The same endpoint, served only with debug routes on, and only to the admin networks.
    func debug() -> Endpoint {
        var copy = self.admin()
        copy.isDebug = true
        return copy
    }

    /// The same endpoint answering `POST` instead of `GET`: an action, not a document to fetch.
    func posting() -> Endpoint {
        var copy = self
        copy.method = "POST"
        return copy
    }

    /// The same endpoint, answered only to clients in the admin networks.
    func admin() -> Endpoint {
        var copy = self
        copy.isAdmin = true
        return copy
    }
}

/// Builds an endpoint's parameter list from one `Parameter` per line, or a list that endpoints share.
@resultBuilder
enum ParameterList {
    static func buildExpression(_ parameter: Parameter) -> [Parameter] { [parameter] }
    static func buildExpression(_ parameters: [Parameter]) -> [Parameter] { parameters }
    static func buildBlock(_ parameters: [Parameter]...) -> [Parameter] { parameters.flatMap { $0 } }
}

extension Parameter {
    /// `format`: the representation, when the path has no `.xml`/`.json` suffix.
    static let format = Parameter.query(
        "format", .choice(["xml", "json"]),
        "The representation, when the path has no `.xml`/`.json` suffix; otherwise `Accept` decides, XML by default.")
    /// `pretty`: indented output.
    static let pretty = Parameter.query("pretty", .flag, "`1` or `true` indents the document; `0` or `false` (the default) does not.")

    /// Whether the parameter is one every document endpoint takes.
    var isShared: Bool { name == "format" || name == "pretty" }
}
