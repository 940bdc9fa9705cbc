import HTTPTesting
@testable import Sandbox
import Server
import Testing

/// The directions, weather and geocoding paths of the sandbox server over loopback.
@Suite("Places in the sandbox server")
struct GeocodingSandboxServerTests {
    typealias P = TestPlaces

    static func sandbox(places: (any PlaceSource)? = P.source) throws -> SandboxServer {
        var configuration = SandboxServer.Configuration()
        configuration.places = places
        configuration.weatherClock = { P.july15 }
        return try SandboxServer(model: TestTimetable.model, configuration: configuration, log: SandboxServerTests.quiet)
    }

    @Test func answersEveryFormatOnItsPath() async throws {
        let sandbox = try Self.sandbox()
        let origin = sandbox.origin
        let directions = DirectionsSimulator(model: P.model)
        let weather = WeatherSimulator(places: P.source, now: { P.july15 })
        let geocoding = GeocodingSimulator(places: P.source, now: { P.july15 })
        let requests: [(path: String, query: String?, expected: WebAnswer)] = [
            (DirectionsSimulator.googlePath, "origin=Bethesda,%20MD&destination=90210&key=k",
             directions.respond(path: DirectionsSimulator.googlePath, query: "origin=Bethesda,%20MD&destination=90210&key=k")),
            ("/route/v1/driving/7.44744,46.94809;8.55,47.36667", "overview=full&geometries=polyline6&steps=true",
             directions.respond(path: "/route/v1/driving/7.44744,46.94809;8.55,47.36667", query: nil)),
            (DirectionsSimulator.graphHopperPath, "point=46.94809,7.44744&point=47.36667,8.55&type=gpx&key=k",
             directions.respond(path: DirectionsSimulator.graphHopperPath, query: "point=46.94809,7.44744&point=47.36667,8.55&type=gpx&key=k")),
            ("/place/Sweden/Norrbotten/Lule%C3%A5/forecast.xml", nil, weather.respond(path: "/place/Sweden/Norrbotten/Lule%C3%A5/forecast.xml", query: nil)),
            ("/place/United_States/California/Los_Angeles_County/Beverly_Hills/forecast.xml", nil,
             weather.respond(path: "/place/United_States/California/Los_Angeles_County/Beverly_Hills/forecast.xml", query: nil)),
            (WeatherSimulator.googlePath, "weather=90210&hl=en", weather.respond(path: WeatherSimulator.googlePath, query: "weather=90210&hl=en")),
            (WeatherSimulator.nwsPath, "lat=38.98&lon=-77.1&format=24+hourly&numDays=3",
             weather.respond(path: WeatherSimulator.nwsPath, query: "lat=38.98&lon=-77.1&format=24+hourly&numDays=3")),
            (GeocodingSimulator.searchPath, "q=Bern&format=xml&addressdetails=1&limit=3",
             geocoding.respond(path: GeocodingSimulator.searchPath, query: "q=Bern&format=xml&addressdetails=1&limit=3")),
            (GeocodingSimulator.reversePath, "lat=38.99&lon=-77.09&format=xml&addressdetails=1",
             geocoding.respond(path: GeocodingSimulator.reversePath, query: "lat=38.99&lon=-77.09&format=xml&addressdetails=1")),
            (GeocodingSimulator.googlePath, "latlng=46.95,7.45&key=k", geocoding.respond(path: GeocodingSimulator.googlePath, query: "latlng=46.95,7.45&key=k")),
        ]
        for request in requests {
            let url = origin + request.path + (request.query.map { "?" + $0 } ?? "")
            let response = try await offPool { try HTTPTestClient().send(url) }
            #expect(response.status == request.expected.status, "\(request.path)")
            #expect(response.header("Content-Type") == request.expected.contentType, "\(request.path)")
            #expect(response.body == request.expected.body, "\(request.path)")
            #expect(response.status == 200 && response.body.count > 200, "\(request.path)")
        }
        let unknown = try await offPool { try HTTPTestClient().send(origin + "/place/Sweden/Norrbotten/Atlantis/forecast.xml") }
        #expect(unknown.status == 404)
        let ocean = try await offPool { try HTTPTestClient().send(origin + "/route/v1/driving/7.44744,46.94809;-74.00597,40.71427") }
        #expect(ocean.status == 400 && String(decoding: ocean.body, as: UTF8.self).contains("NoRoute"))
        await sandbox.shutdown()
    }

    @Test func hostileQueriesGetTheFormatsErrors() async throws {
        let sandbox = try Self.sandbox()
        let origin = sandbox.origin
        // Longer than the services read (4 KiB), shorter than the server refuses (8 KiB).
        let long = String(repeating: "%FF", count: 1500)
        let cases: [(String, Int, String)] = [
            (DirectionsSimulator.googlePath + "?origin=" + long + "&destination=x&key=k", 200, "INVALID_REQUEST"),
            (DirectionsSimulator.googlePath + "?origin=%00%01&destination=%E2%80&key=k", 200, "NOT_FOUND"),
            ("/route/v1/driving/1e400,2;3,4", 400, "InvalidQuery"),
            (DirectionsSimulator.graphHopperPath + "?point=nan,nan&point=1,2&key=k", 400, "Cannot parse point"),
            (WeatherSimulator.googlePath + "?weather=" + long, 200, "problem_cause"),
            (WeatherSimulator.nwsPath + "?lat=1e999&lon=-77", 200, "<error>"),
            (GeocodingSimulator.searchPath + "?q=" + long, 414, "Too Long"),
            (GeocodingSimulator.searchPath + "?q=%3Cscript%3E&limit=-5", 200, "<searchresults"),
        ]
        for (path, status, text) in cases {
            let response = try await offPool { try HTTPTestClient().send(origin + path) }
            #expect(response.status == status, "\(path.prefix(80))")
            #expect(String(decoding: response.body, as: UTF8.self).contains(text), "\(path.prefix(80))")
        }
        await sandbox.shutdown()
    }

    @Test func withoutPlacesThePathsAnswer503() async throws {
        let sandbox = try Self.sandbox(places: nil)
        for path in [DirectionsSimulator.googlePath + "?origin=a&destination=b&key=k", "/place/Switzerland/Bern/Bern/forecast.xml", GeocodingSimulator.reversePath + "?lat=1&lon=2"] {
            let response = try await offPool { try HTTPTestClient().send(sandbox.origin + path) }
            #expect(response.status == 503, "\(path)")
        }
        await sandbox.shutdown()
    }
}
