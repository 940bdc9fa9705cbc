import Fetch
import HTTPTesting
import Kernel
import Model
import Sandbox
import Scrape
import Services
import Store
import Testing
import Upstream
@testable import API

/// The real server with the weather and geocoding endpoints: the embedded gazetteer, and the
/// shipped directions, weather and geocoding routes asking the embedded sandbox on loopback, all
/// at one fixed instant; XML responses are checked against the published schema.
enum WeatherApp {
    /// 2026-11-29T15:00:00Z, in milliseconds: 10:00 in Bethesda, 07:00 in Beverly Hills.
    static let instant: Int64 = 1_795_964_400_000

    /// What a test can look at besides the server: the services and the upstreams, to count
    /// their upstream requests and cache hits.
    struct Parts {
        let live: LiveApp
        let weather: RouteWeatherService
        let upstreams: Upstreams

        /// The counters of the upstream that answers `route`.
        func metrics(_ route: String) -> UpstreamMetrics.Snapshot {
            upstreams.client(for: upstreams.catalog[route]!).metrics.snapshot
        }
    }

    static func with(
        weather provider: WeatherProvider = .yr, directions: DirectionsProvider = .osrm, geocoder: GeocoderProvider = .gazetteer,
        key: String = "gottago", clock manual: ManualWallClock? = nil, weatherFresh: Double? = nil, _ body: (Parts) async throws -> Void
    ) async throws {
        let gazetteer = try await TestGazetteer.shared
        // The services' clock; the simulators' forecasts stay those of `instant`.
        let fixed: @Sendable () -> Int64 = { instant }
        let clock = manual?.reading ?? fixed
        var configuration = SandboxServer.Configuration()
        configuration.places = gazetteer
        configuration.weatherClock = { instant / 1000 }
        let sandbox = try SandboxServer(model: try await TimetableApp.model, configuration: configuration)
        var policy = UpstreamPolicy()
        policy.origin = sandbox.origin
        policy.rate = 10_000
        policy.burst = 10_000
        policy.maxConcurrent = 64
        let catalog = try RouteCatalog.load(from: TestRoutes.shipped)
        let names = ([provider.routeID, directions.routeID] + geocoder.routeIDs.prefix(1)).compactMap { catalog[$0]?.upstream }
        var policies = Dictionary(uniqueKeysWithValues: names.map { ($0, policy) })
        if let weatherFresh, let upstream = catalog[provider.routeID]?.upstream { policies[upstream]?.cacheOverride.fresh = weatherFresh }
        do {
            let upstreams = try Upstreams(
                catalog: catalog, fetcher: try CurlFetcher(), cache: MemoryCache(now: clock), policies: policies, now: clock)
            let directory: any PlaceDirectory = gazetteer
            let service = RouteWeatherService(
                geocoding: try GeocodingService(provider: geocoder, directory: directory, upstreams: upstreams, key: key),
                directions: try DirectionsService(upstreams: upstreams, provider: directions, key: key),
                weather: try WeatherService(upstreams: upstreams, provider: provider, now: clock), zones: directory, now: clock)
            try await LiveApp.with(upstreams: upstreams, weather: service) { live in try await body(Parts(live: live, weather: service, upstreams: upstreams)) }
            await sandbox.shutdown()
        } catch {
            await sandbox.shutdown()
            throw error
        }
    }

    /// The response, after checking that an XML response matches the schema.
    static func get(_ live: LiveApp, _ target: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> TestResponse {
        let response = try await live.get(target)
        if response.header("Content-Type")?.hasPrefix("application/xml") == true {
            #expect(try await XMLSchemaCheck.validate(response.body, schema: DocumentSchemas.weather.xsd) == nil, "\(target)", sourceLocation: sourceLocation)
        }
        return response
    }
}
