import Foundation
import HTTPTesting
import Testing
@testable import API
import Fetch
import Model
import Scrape
import Server
import Services
import Store
import Upstream

@Suite("Operations and discovery endpoints")
struct OpsRoutesTests {
    @Test("/healthz answers ok; /readyz follows readiness")
    func health() async throws {
        try await LiveApp.with { live in
            let health = try await live.get("/healthz")
            #expect(health.status == 200)
            #expect(health.text.hasSuffix("<health><status>ok</status></health>"))
            #expect(health.header("Cache-Control") == "no-store")
            let status200 = try await live.get("/readyz").status
            #expect(status200 == 200)
            live.application.readiness.set(false)
            let notReady = try await live.get("/readyz.json")
            #expect(notReady.status == 503)
            let problem = try JSONSerialization.jsonObject(with: Data(notReady.body)) as? [String: Any]
            #expect(problem?["code"] as? String == "not_ready")
        }
    }

    @Test("/metrics counts requests by route template and status class, with latency and gauges")
    func metrics() async throws {
        try await LiveApp.with { live in
            for _ in 0..<3 { _ = try await live.get("/debug/fixed") }
            _ = try await live.get("/no/such/path")
            _ = try await live.get("/debug/delay?ms=abc")
            // The completion callback runs after the response is sent: wait until all five are counted.
            let counted = [
                #"gottago_http_request_duration_seconds_count{route="/debug/fixed"} 3"#,
                #"gottago_http_request_duration_seconds_count{route="unmatched"} 1"#,
                #"gottago_http_request_duration_seconds_count{route="/debug/delay"} 1"#,
            ]
            var metrics = try await live.get("/metrics")
            while !counted.allSatisfy(metrics.text.contains) {
                await Task.yield()
                metrics = try await live.get("/metrics")
            }
            #expect(metrics.status == 200)
            #expect(metrics.header("Content-Type")?.hasPrefix("text/plain; version=0.0.4") == true)
            let text = metrics.text
            #expect(text.contains(#"gottago_http_requests_total{route="/debug/fixed",status="2xx"} 3"#))
            #expect(text.contains(#"gottago_http_requests_total{route="unmatched",status="4xx"} 1"#))
            #expect(text.contains(#"gottago_http_requests_total{route="/debug/delay",status="4xx"} 1"#))
            #expect(text.contains(#"gottago_http_request_duration_seconds_count{route="/debug/fixed"} 3"#))
            #expect(text.contains(#"gottago_http_request_duration_seconds_bucket{route="/debug/fixed",le="+Inf"} 3"#))
            #expect(text.contains("gottago_http_requests_in_flight 1"))  // the /metrics request itself
            #expect(text.contains("gottago_http_open_connections "))
        }
    }

    @Test("/api lists every served endpoint")
    func endpointList() async throws {
        try await LiveApp.with { live in
            let response = try await live.get("/api.json")
            let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
            let endpoints = (object?["api"] as? [String: Any])?["endpoints"] as? [[String: Any]] ?? []
            let paths = Set(endpoints.compactMap { $0["path"] as? String })
            let served = Set(live.application.responder.routes.map(\.template))
            #expect(paths == served)
            #expect(endpoints.allSatisfy { ($0["summary"] as? String)?.isEmpty == false })
        }
    }

    @Test("the OpenAPI document describes every route the router serves, and nothing else")
    func openAPICoverage() async throws {
        let upstreams = try Upstreams(catalog: try RouteCatalog.load(from: TestRoutes.shipped), fetcher: try CurlFetcher(), cache: MemoryCache())
        let directory = try StationDirectory(stations: [Station(id: "8507000", name: "Bern", latitude: 46.948825, longitude: 7.439122)])
        let timetable = try TimetableService(upstreams: upstreams, directory: directory, provider: .hafasExtxml)
        let departures = try DepartureService(feed: DepartureFeed(upstreams: upstreams, routeID: "bart-etd"))
        let weather = RouteWeatherService(
            geocoding: try GeocodingService(provider: .nominatim, directory: nil, upstreams: upstreams),
            directions: try DirectionsService(upstreams: upstreams, provider: .google), weather: try WeatherService(upstreams: upstreams, provider: .yr))
        try await LiveApp.with(upstreams: upstreams, timetable: timetable, departures: departures, weather: weather) { live in
            let response = try await live.get("/api/openapi.json")
            #expect(response.status == 200)
            #expect(response.header("Content-Type")?.hasPrefix("application/json") == true)
            let document = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
            #expect(document["openapi"] as? String == "3.1.0")
            let paths = try #require(document["paths"] as? [String: [String: Any]])
            var documented = Set<String>()
            for (path, operations) in paths {
                for method in operations.keys { documented.insert("\(method.uppercased()) \(path)") }
            }
            var served = Set<String>()
            for route in live.application.responder.routes {
                // Documents that exist in one format only are published under their suffix.
                let path = route.template == "/api/openapi" ? "/api/openapi.json" : route.template
                served.insert("\(route.method) \(path)")
            }
            #expect(served.subtracting(documented).isEmpty, "served but not documented: \(served.subtracting(documented))")
            #expect(documented.subtracting(served).isEmpty, "documented but not served: \(documented.subtracting(served))")
            // Every template parameter is declared (a `{to}.svg` segment's too).
            for route in live.application.responder.routes {
                let names = route.template.split(separator: "/").filter { $0.hasPrefix("{") }.map { String($0.dropFirst().prefix { $0 != "}" }) }
                let operation = (paths[route.template]?[route.method.lowercased()] as? [String: Any]) ?? [:]
                let declared = (operation["parameters"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
                for name in names { #expect(declared.contains(name), "\(route.template) does not declare \(name)") }
            }
        }
    }

    @Test("debug routes are off unless asked for")
    func debugRoutesOff() async throws {
        try await LiveApp.with(debugRoutes: false) { live in
            let status404 = try await live.get("/debug/fixed").status
            #expect(status404 == 404)
        }
    }

    @Test("the fixed document is about 1 KiB and well-formed in both formats")
    func fixedDocument() async throws {
        try await LiveApp.with { live in
            let xml = try await live.get("/debug/fixed")
            #expect((900...1400).contains(xml.body.count))
            #expect(xml.text.contains("<schedules><schedule><from>Bern</from><to>Zürich HB</to><links><link>"))
            let json = try await live.get("/debug/fixed.json")
            let object = try JSONSerialization.jsonObject(with: Data(json.body)) as? [String: Any]
            let schedules = object?["schedules"] as? [[String: Any]]
            #expect((schedules?.first?["links"] as? [Any])?.count == 3)
        }
    }
}
