import API
import HTTPTesting
import Server
import Services
import Testing
import Upstream

/// The whole application on a real server at 127.0.0.1 with a free port.
struct LiveApp: Sendable {
    let application: Application
    let server: HTTPServer
    let port: Int

    var base: String { "http://127.0.0.1:\(port)" }

    static func with<T: Sendable>(
        debugRoutes: Bool = true, upstreams: Upstreams? = nil, timetable: TimetableService? = nil, departures: DepartureService? = nil,
        weather: RouteWeatherService? = nil, transit: TransitService? = nil, live: (@Sendable (String) -> Bool)? = nil, limits: ClientLimits? = nil,
        trustedProxies: TrustedProxies = TrustedProxies(), configure: (inout ServerConfiguration) -> Void = { _ in },
        configureAPI: (inout APIConfiguration) -> Void = { _ in },
        _ body: (LiveApp) async throws -> T
    ) async throws -> T {
        var configuration = ServerConfiguration()
        configure(&configuration)
        configuration.port = 0
        configuration.accessLog = .off
        configuration.trustedProxies = trustedProxies
        var api = APIConfiguration()
        api.debugRoutes = debugRoutes
        api.limits = limits
        if let live { api.live = live }
        configureAPI(&api)
        let sink = LogSink()
        let log = ServerLog(sink: sink)
        let application = try Application(
            server: configuration, api: api, upstreams: upstreams, timetable: timetable, departures: departures, weather: weather,
            transit: transit, log: log)
        let server = HTTPServer(
            responder: application.responder, configuration: configuration, log: log,
            accessLog: AccessLog(format: .off, sink: sink))
        let port = try server.start()
        application.readiness.set(true)
        let live = LiveApp(application: application, server: server, port: port)
        do {
            let result = try await body(live)
            await server.shutdown()
            return result
        } catch {
            await server.shutdown()
            throw error
        }
    }

    /// The response, after checking a declared document against its derived schemas (``DocumentCheck``).
    func get(_ target: String, headers: [(String, String)] = [], sourceLocation: SourceLocation = #_sourceLocation) async throws -> TestResponse {
        let url = base + target
        let pairs = headers.map { [$0.0, $0.1] }
        let response = try await offPool { try HTTPTestClient().send("GET", url, headers: pairs.map { ($0[0], $0[1]) }) }
        // transport.opendata.ch's answers are no document of the service's own (its `stations` is
        // not GottaGo's); schemathesis checks them against their OpenAPI schemas.
        if !target.hasPrefix("/v1/") {
            let problem = try await DocumentCheck.problem(in: response)
            #expect(problem == nil, "\(target)", sourceLocation: sourceLocation)
        }
        return response
    }
}
