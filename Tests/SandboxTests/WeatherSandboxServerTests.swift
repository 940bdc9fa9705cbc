import HTTPTesting
@testable import Sandbox
import Server
import Testing

/// Today's weather APIs on the sandbox server over loopback: their paths, the headers they send
/// and read, and links that lead back to the server asked.
@Suite("Weather APIs in the sandbox server")
struct WeatherSandboxServerTests {
    typealias P = TestPlaces
    static let agent = ("User-Agent", "gottago-tests/1.0 github.com/gottago")

    static func sandbox(places: (any PlaceSource)? = P.source) throws -> SandboxServer {
        var configuration = SandboxServer.Configuration()
        configuration.places = places
        configuration.weatherClock = { MetNoSimulatorTests.oslo }
        return try SandboxServer(model: TestTimetable.model, configuration: configuration, log: SandboxServerTests.quiet)
    }

    @Test func metNoSendsItsDatesAndAnswers304ToTheSameLastModified() async throws {
        let sandbox = try Self.sandbox()
        let url = sandbox.origin + MetNoSimulator.compactPath + "?lat=59.9139&lon=10.7522"
        let first = try await offPool { try HTTPTestClient().send(url, headers: [Self.agent]) }
        #expect(first.status == 200 && first.header("Content-Type") == "application/json")
        #expect(first.body == MetNoSimulatorTests.service.respond(to: MetNoSimulatorTests.request("lat=59.9139&lon=10.7522")).body)
        let lastModified = try #require(first.header("Last-Modified"))
        #expect(lastModified == "Fri, 06 Feb 2026 20:27:06 GMT" && first.header("Expires") == "Fri, 06 Feb 2026 21:27:06 GMT")
        let again = try await offPool { try HTTPTestClient().send(url, headers: [Self.agent, ("If-Modified-Since", lastModified)]) }
        #expect(again.status == 304 && again.body.isEmpty && again.header("Last-Modified") == lastModified)
        let anonymous = try await offPool { try HTTPTestClient().send(url) }
        #expect(anonymous.status == 403)
        await sandbox.shutdown()
    }

    @Test func openMeteoAnswersOnItsPath() async throws {
        let sandbox = try Self.sandbox()
        let query = "latitude=46.95&longitude=7.45&hourly=temperature_2m&daily=sunrise,sunset&timezone=auto"
        let answer = try await offPool { try HTTPTestClient().send(sandbox.origin + OpenMeteoSimulator.path + "?" + query) }
        let expected = OpenMeteoSimulator(places: P.source, now: { MetNoSimulatorTests.oslo }).respond(to: WebRequest(path: OpenMeteoSimulator.path, query: Substring(query)))
        #expect(answer.status == 200 && answer.header("Content-Type") == "application/json; charset=utf-8" && answer.body == expected.body)
        let refused = try await offPool { try HTTPTestClient().send(sandbox.origin + OpenMeteoSimulator.path + "?latitude=95&longitude=1") }
        #expect(refused.status == 400 && refused.text.contains("Latitude must be in range"))
        await sandbox.shutdown()
    }

    @Test func nwsLinksLeadBackToTheServerAsked() async throws {
        let sandbox = try Self.sandbox()
        let points = try await offPool { try HTTPTestClient().send(sandbox.origin + "/points/38.8894,-77.0352", headers: [Self.agent]) }
        #expect(points.status == 200 && points.header("Content-Type") == "application/geo+json")
        let properties = object(object(try JSONSample.parse(points.body))["properties"])
        for link in ["forecast", "forecastHourly"] {
            let url = try #require(properties[link] as? String)
            #expect(url.hasPrefix(sandbox.origin + "/gridpoints/LWX/"), "\(url)")
            let forecast = try await offPool { try HTTPTestClient().send(url + "?units=si", headers: [Self.agent]) }
            #expect(forecast.status == 200 && forecast.header("Content-Type") == "application/geo+json", "\(url)")
            let periods = array(object(object(try JSONSample.parse(forecast.body))["properties"])["periods"])
            #expect(periods.count == (link == "forecast" ? 14 : 156))
        }
        // Through a proxy the links name the host the client asked for; a host that is not one is ignored.
        for (host, origin) in [("weather.example:8080", "http://weather.example:8080"), ("evil.example/<x>", sandbox.origin)] {
            let proxied = try await offPool {
                try HTTPTestClient().send(sandbox.origin + "/points/38.8894,-77.0352", headers: [Self.agent, ("Host", host)])
            }
            let forecast = object(object(try JSONSample.parse(proxied.body))["properties"])["forecast"] as? String
            #expect(forecast?.hasPrefix(origin + "/gridpoints/") == true, "\(host): \(forecast ?? "")")
        }
        let precise = try await offPool { try HTTPTestClient().send(sandbox.origin + "/points/38.88941,-77.03519", headers: [Self.agent]) }
        #expect(precise.status == 301 && precise.header("Location") == sandbox.origin + "/points/38.8894,-77.0352")
        let abroad = try await offPool { try HTTPTestClient().send(sandbox.origin + "/points/46.9481,7.4474", headers: [Self.agent]) }
        #expect(abroad.status == 404 && abroad.header("Content-Type") == "application/problem+json")
        let anonymous = try await offPool { try HTTPTestClient().send(sandbox.origin + "/points/38.8894,-77.0352") }
        #expect(anonymous.status == 403 && anonymous.text.contains("Access Denied"))
        await sandbox.shutdown()
    }

    @Test func withoutPlacesTheWeatherPathsAnswer503() async throws {
        let sandbox = try Self.sandbox(places: nil)
        for path in [MetNoSimulator.compactPath + "?lat=1&lon=2", OpenMeteoSimulator.path + "?latitude=1&longitude=2", "/points/38.8894,-77.0352",
                     "/gridpoints/LWX/415,396/forecast", "/gridpoints/LWX/415,396/forecast/hourly"] {
            let response = try await offPool { try HTTPTestClient().send(sandbox.origin + path, headers: [Self.agent]) }
            #expect(response.status == 503, "\(path)")
        }
        await sandbox.shutdown()
    }
}
