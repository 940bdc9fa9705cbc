public import Server
import Markup
import Model
import Synchronization
public import Services
public import Upstream

/// Settings of the public API that are not about HTTP itself.
public struct APIConfiguration: Sendable {
    /// Serves `/debug/fixed` and `/debug/delay` (benchmarks and tests; off in production).
    public var debugRoutes = false
    /// What each upstream is used for and whether the sandbox stands in for it, for `/api/upstreams`.
    public var upstreamUses: [String: UpstreamUse] = [:]
    /// Whether requests for an upstream without an origin may go to the live upstream (by name):
    /// `/api/routes` lists only the routes that can answer.
    public var live: @Sendable (String) -> Bool = { _ in true }
    /// The per-client limits and API keys; nil serves every client unlimited.
    public var limits: ClientLimits?
    /// The web page served at `/`; nil serves none.
    public var site: WebSite? = WebSite.embedded
    /// Moves the embedded sandbox's clock forward by some seconds and returns its time, for
    /// `POST /debug/sandbox/clock`; nil when no sandbox runs.
    public var advanceSandboxClock: (@Sendable (Int) -> Int64)?

    /// Creates the default configuration.
    public init() {}
}

/// The whole service: its route table over the HTTP pipeline, and its readiness.
public final class Application: Sendable {
    /// The request pipeline, shared by the daemon and in-memory tests.
    public let responder: Responder
    /// Whether everything is loaded and the service may take traffic.
    public let readiness = Readiness()
    /// The endpoints served, as declared: the route table, `/api` and the OpenAPI document come from them.
    let endpoints: [Endpoint]

    /// Builds the route table; a malformed or duplicate template throws. With `upstreams`, the
    /// route files are served at `/api/routes`, and `/readyz` and `/metrics` report the cache and
    /// the upstreams.
    public init(
        server: ServerConfiguration, api: APIConfiguration = APIConfiguration(), upstreams: Upstreams? = nil,
        timetable: TimetableService? = nil, departures: DepartureService? = nil, weather: RouteWeatherService? = nil,
        geocoding: GeocodingService? = nil, transit: TransitService? = nil, log: ServerLog
    ) throws {
        let catalog = EndpointCatalog()
        let metrics = MetricsReference()
        // The rendered answers each family of endpoints keeps, reported by /metrics.
        let keptSBB = RenderedAnswers(), keptRoutes = RenderedAnswers(), keptWeather = RenderedAnswers()
        var endpoints = OpsEndpoints.endpoints(
            readiness: readiness, metrics: metrics, upstreams: upstreams, departures: departures?.feed, limits: api.limits,
            kept: [("sbb", keptSBB), ("routes", keptRoutes), ("weather", keptWeather)])
        endpoints += DiscoveryEndpoints.endpoints(catalog: catalog)
        if let upstreams {
            endpoints += RouteEndpoints.endpoints(upstreams: upstreams, live: api.live, rendered: keptRoutes) + UpstreamsEndpoints.endpoints(upstreams: upstreams, uses: api.upstreamUses)
        }
        // Where no agency has a stop, the stops a timetable provider that answers by position has (MOTIS).
        var beyond: TransitEndpoints.Beyond?
        if let timetable {
            beyond = { position, radius, limit, departures in await timetable.nearbyStops(position, radius: radius, limit: limit, departures: departures) }
        }
        let transitEndpoints = transit.map { TransitEndpoints.endpoints(transit: $0, beyond: beyond) }
        // A domain's documents' schema is served whether or not its service runs.
        for (schema, served) in [
            (Endpoint.xmlSchema(DocumentSchemas.sbb, id: "sbbSchema", tag: "timetable", summary: "The XML Schema of the timetable documents."), timetable.map { SBBEndpoints.endpoints(timetable: $0, rendered: keptSBB) }),
            (Endpoint.xmlSchema(DocumentSchemas.bart, id: "bartSchema", tag: "departures", summary: "The XML Schema of the BART departures documents."), departures.map(BARTEndpoints.endpoints)),
            (Endpoint.xmlSchema(DocumentSchemas.transit, id: "transitSchema", tag: "transit", summary: "The XML Schema of the transit documents."), transitEndpoints),
            (Endpoint.xmlSchema(DocumentSchemas.weather, id: "weatherSchema", tag: "weather", summary: "The XML Schema of the weather and geocoding documents."), weather.map { WeatherEndpoints.endpoints(weather: $0, rendered: keptWeather) }),
        ] {
            endpoints += [schema] + (served ?? [])
        }
        endpoints += timetable.map(OpendataEndpoints.endpoints) ?? []
        endpoints += GeocodeEndpoints.endpoints(geocoding: geocoding ?? weather?.geocoding)
        endpoints += api.site.map(PageEndpoints.endpoints) ?? []
        if api.debugRoutes { endpoints += DebugEndpoints.endpoints(advanceSandboxClock: api.advanceSandboxClock) }
        self.endpoints = endpoints
        responder = try Responder(routes: endpoints.map(\.route), configuration: server, log: log, gate: api.limits)
        catalog.publish(endpoints)
        metrics.bind(responder.serverMetrics)
    }
}

/// Ready once everything the service needs is loaded; `/readyz` reports it.
public final class Readiness: Sendable {
    private let ready = Atomic<Bool>(false)

    /// Marks the service ready (or not).
    public func set(_ value: Bool) { ready.store(value, ordering: .releasing) }

    /// Whether the service is ready.
    public var isReady: Bool { ready.load(ordering: .acquiring) }
}

/// The endpoints served and their OpenAPI document, filled once the table exists (`/api` lists itself too).
final class EndpointCatalog: Sendable {
    private let state = Mutex<(endpoints: [Endpoint], openAPI: PreparedBody)>(([], PreparedBody([])))

    func publish(_ list: [Endpoint]) {
        let document = PreparedBody(JSONValue.render(OpenAPI.document(list)))
        state.withLock { $0 = (list, document) }
    }

    var all: [Endpoint] { state.withLock { $0.endpoints } }

    var openAPI: PreparedBody { state.withLock { $0.openAPI } }
}

/// The pipeline's metrics, bound after the pipeline that owns them is built.
final class MetricsReference: Sendable {
    private let metrics = Mutex<ServerMetrics?>(nil)

    func bind(_ value: ServerMetrics) { metrics.withLock { $0 = value } }

    var current: ServerMetrics? { metrics.withLock { $0 } }
}
