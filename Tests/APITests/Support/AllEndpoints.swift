import Sandbox
@testable import API
import Fetch
import Model
import Scrape
import Server
import Services
import Store
import Upstream

/// The endpoints of an application with every service on.
enum AllEndpoints {
    /// Every endpoint the service can serve: every service on, debug routes on.
    static func declared() throws -> [Endpoint] {
        try application().endpoints
    }

    /// The application with every service on and debug routes on, over a server configuration.
    static func application(server: ServerConfiguration = ServerConfiguration()) throws -> Application {
        let upstreams = try Upstreams(catalog: try RouteCatalog.load(from: TestRoutes.shipped), fetcher: try CurlFetcher(), cache: MemoryCache())
        let directory = try StationDirectory(stations: [Station(id: "8507000", name: "Bern", latitude: 46.948825, longitude: 7.439122)])
        let weather = RouteWeatherService(
            geocoding: try GeocodingService(provider: .nominatim, directory: nil, upstreams: upstreams),
            directions: try DirectionsService(upstreams: upstreams, provider: .google), weather: try WeatherService(upstreams: upstreams, provider: .yr))
        var api = APIConfiguration()
        api.debugRoutes = true
        let clock = SandboxClock(start: 1_796_205_600)
        api.advanceSandboxClock = { clock.advance(by: Int64($0)) }
        let application = try Application(
            server: server, api: api, upstreams: upstreams,
            timetable: try TimetableService(upstreams: upstreams, directory: directory, provider: .hafasExtxml),
            departures: try DepartureService(feed: DepartureFeed(upstreams: upstreams, routeID: "bart-etd")), weather: weather,
            // Not started: its timetable is never imported, and its endpoints answer 503 no_timetable.
            transit: try TransitService(agencies: [.bart], upstreams: upstreams, directory: "/nonexistent"),
            log: ServerLog(sink: LogSink(descriptor: -1)))
        application.readiness.set(true)
        return application
    }
}
