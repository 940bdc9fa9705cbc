import Foundation
import Fetch
import HTTPTesting
import Model
import Sandbox
import Scrape
import Services
import Store
import Testing
import Upstream
@testable import API
import Kernel

/// The real server with the timetable, through the shipped routes of one provider to the embedded
/// sandbox on loopback; XML responses are checked against the published schema.
enum TimetableApp {
    /// The Swiss station directory and the timetable the sandbox answers from, built once on a
    /// thread of their own: seconds of work in a debug build that must not hold the cooperative
    /// pool, which the servers of the tests running meanwhile need.
    private static let built = Task { try await offPool { (try StationDirectory(stations: SwissStations.all), TimetableModel(stations: SwissStations.all)) } }

    static var directory: StationDirectory { get async throws { try await built.value.0 } }
    /// The timetable the sandbox answers from, for comparing what the API says with what it meant.
    static var model: TimetableModel { get async throws { try await built.value.1 } }

    static func with(
        _ provider: TimetableProvider = .hafasExtxml, cache: any CacheDriver = MemoryCache(),
        now: @escaping @Sendable () -> Int64 = WallClock.milliseconds, transit: Bool = false, _ body: (LiveApp) async throws -> Void
    ) async throws {
        let sandbox = try SandboxServer(model: try await model)
        var policy = UpstreamPolicy()
        policy.origin = sandbox.origin
        policy.rate = 1000
        policy.burst = 1000
        do {
            let catalog = try RouteCatalog.load(from: TestRoutes.shipped)
            let upstreams = try Upstreams(
                catalog: catalog, fetcher: try CurlFetcher(), cache: cache,
                policies: [try #require(catalog[provider.routeIDs[0]]).upstream: policy], now: now)
            let timetable = try TimetableService(upstreams: upstreams, directory: try await directory, provider: provider, now: now)
            // The transit endpoints without an agency, when asked for: what they answer from the timetable alone.
            let transitService = transit ? try TransitService(agencies: [], upstreams: upstreams, directory: NSTemporaryDirectory()) : nil
            try await LiveApp.with(upstreams: upstreams, timetable: timetable, transit: transitService) { live in try await body(live) }
            await sandbox.shutdown()
        } catch {
            await sandbox.shutdown()
            throw error
        }
    }

    /// How many connections a provider gives for `limit`: the HAFAS pages show a fixed number per page.
    static func connections(_ provider: TimetableProvider, limit: Int) -> Int {
        provider == .hafasHTML ? min(limit, QueryHTMLService.connectionCount) : limit
    }

    /// The response, after checking that an XML response matches the schema.
    static func get(_ live: LiveApp, _ target: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> TestResponse {
        let response = try await live.get(target)
        if response.header("Content-Type")?.hasPrefix("application/xml") == true {
            #expect(try await XMLSchemaCheck.validate(response.body, schema: DocumentSchemas.sbb.xsd) == nil, "\(target)", sourceLocation: sourceLocation)
        }
        return response
    }
}
