import Foundation
import HTTPTesting
import Scrape
import Server
import Store
import Testing
import Upstream
@testable import gottago
import Fetch

/// `/api/routes` offers only routes that can answer: in the default, offline run those whose
/// upstream the embedded sandbox simulates, each of which answers its canary's parameters
/// without a server error.
@Suite("Listed routes answer")
struct ListedRoutesTests {
    @Test("every route /api/routes lists answers its canary's parameters against the sandbox with no 5xx; the others are not served")
    func listedRoutesAnswer() async throws {
        // The sandbox's clock and the canaries' times are one chosen midday, not the hour the test runs.
        let settings = try ConfigurationLoader(
            arguments: ["--sandbox-time", UpstreamsProcessTests.midday], environment: [:], readFile: { _ in nil }).load()
        let catalog = try RouteCatalog.load(from: TestRoutes.shipped)
        let plan = try UpstreamPlan(settings: settings, catalog: catalog)
        let (policies, sandbox, _) = try plan.start(settings, gazetteer: try await TestGazetteer.shared, log: ServerLog(sink: LogSink()))
        let upstreams = try Upstreams(catalog: catalog, fetcher: try CurlFetcher(), cache: MemoryCache(), policies: policies)
        let seconds = Int64(settings.sandboxTime)
        try await LiveApp.with(upstreams: upstreams, live: UpstreamPlan.live(settings)) { live in
            let listed = try await live.get("/api/routes.json")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(listed.body)) as? [String: Any])
            let ids = try #require(object["routes"] as? [[String: Any]]).compactMap { $0["id"] as? String }
            // The default providers' routes, and only the routes of simulated upstreams.
            #expect(Set(ids).isSuperset(of: ["opendata-connections", "opendata-stationboard", "gtfs-rt-trip-updates", "gtfs-rt-alerts", "metno-forecast", "osrm-route"]), "\(ids)")
            for id in ids { #expect(plan.simulated.contains(try #require(catalog[id]).upstream), "\(id)") }
            for id in ["bart-eta-legacy", "nominatim-search", "hafas-extxml-connections"] {
                #expect(!ids.contains(id))
                let refused = try await live.get("/api/routes/\(id)/result")
                #expect(refused.status == 404 && refused.text.contains("<code>unknown_route</code>"), "\(id)")
            }
            for id in ids {
                let route = try #require(catalog[id])
                guard let canary = route.canary else { continue }
                let values = canary.values(at: seconds, in: route.response.timeZone) { $0 == "api-key" ? "sandbox-key" : nil }
                let query = values.sorted { $0.key < $1.key }.map { "\(Self.encoded($0.key))=\(Self.encoded($0.value))" }.joined(separator: "&")
                let answer = try await live.get("/api/routes/\(id)/result?\(query)")
                #expect(answer.status < 500, "\(id): \(answer.status) \(answer.text.prefix(300))")
            }
        }
        await sandbox?.shutdown()
    }

    static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")) ?? text
    }
}
