import Scrape
import Testing
@testable import gottago
import Upstream

/// Which upstreams the chosen providers use and where their requests go, decided from the
/// settings before anything starts.
@Suite("Upstream plan: roles, sandbox or live, keys and tokens")
struct UpstreamPlanTests {
    static let catalog = Result { try RouteCatalog.load(from: TestRoutes.shipped) }

    func plan(_ arguments: [String], env: [String: String] = [:]) throws -> (UpstreamPlan, Settings) {
        let settings = try ConfigurationLoader(arguments: arguments, environment: env, readFile: { _ in nil }).load()
        return (try UpstreamPlan(settings: settings, catalog: try Self.catalog.get()), settings)
    }

    @Test("by default every chosen provider's upstream is simulated, with its role")
    func defaults() throws {
        let (plan, settings) = try plan([])
        #expect(plan.uses.map(\.option) == ["timetable", "departures", "transit", "weather", "directions", "geocoder"])
        #expect(plan.uses.map(\.role) == ["timetable", "departures", "transit", "weather", "directions", "geocoding"])
        #expect(plan.simulated == ["opendata", "bart-gtfs", "metno", "osrm"])
        #expect(plan.configured(settings) == ["opendata", "bart-gtfs", "metno", "osrm"])
        let uses = plan.apiUses
        #expect(uses["opendata"]?.roles.map(\.provider) == ["opendata"])
        #expect(uses["opendata"]?.sandbox == true)
        // BART's GTFS feeds answer both the BART departures and the transit agency bart.
        #expect(uses["bart-gtfs"]?.roles.map(\.provider) == ["bart-gtfsrt", "bart"])
        // The gazetteer has no upstream.
        #expect(uses.count == 4)
        // Today's defaults are in service; a retired provider says so.
        for use in plan.uses { #expect(plan.retirement(use, try Self.catalog.get()) == nil, "\(use.provider)") }
        let (extxml, _) = try self.plan(["--timetable", "hafas-extxml"])
        #expect(extxml.retirement(extxml.uses[0], try Self.catalog.get()) == Retirement(year: 2021))
    }

    @Test("--live sends every chosen provider to its upstream unless it has an origin; it needs a contact")
    func live() throws {
        let live = ["--live", "--contact", "ops@example.org", "--weather", "nws-dwml", "--directions", "osrm-route", "--geocoder", "nominatim"]
        let (plan, settings) = try plan(live + ["--upstream", "osrm origin=http://10.0.0.1:5000"])
        #expect(plan.simulated.isEmpty)
        #expect(plan.apiUses.values.allSatisfy { !$0.sandbox })
        #expect(settings.live)
        #expect(try self.plan([], env: ["GOTTAGO_LIVE": "1", "GOTTAGO_CONTACT": "x@example.org", "GOTTAGO_DIRECTIONS": "osrm-route"]).0.simulated.isEmpty)
        #expect(throws: ConfigurationError.self) { try self.plan(["--live"]) }
        // Without --live, origin=route sends just that one upstream to its routes' URLs.
        #expect(try self.plan(["--upstream", "metno origin=route", "--contact", "x@example.org"]).0.simulated == ["opendata", "bart-gtfs", "osrm"])
        // met.no's terms ask for a contact: without one its live use stops the start.
        #expect(throws: ConfigurationError.self) { try self.plan(["--upstream", "metno origin=route"]) }
        // An upstream named only by --upstream is checked too.
        let (named, namedSettings) = try self.plan(["--upstream", "nominatim rate=1"])
        #expect(named.configured(namedSettings).last == "nominatim")
    }

    @Test("a live provider that needs a key or token stops the start without it and runs with it")
    func credentials() throws {
        let contact = ["--live", "--contact", "ops@example.org", "--weather", "off"]
        #expect(throws: ConfigurationError.self) { try self.plan(contact + ["--timetable", "ojp"]) }
        let (ojp, settings) = try plan(contact + ["--timetable", "ojp", "--upstream", "ojp token=abc.DEF-123"])
        #expect(ojp.simulated.isEmpty)
        #expect(settings.upstreams["ojp"]?.secretHeader == SecretHeader.bearer("abc.DEF-123"))
        let weather = ["--live", "--contact", "ops@example.org", "--timetable", "off", "--weather", "nws-dwml"]
        for (directions, geocoder) in [("google-directions", "gazetteer"), ("graphhopper-gpx", "gazetteer"), ("osrm-route", "google")] {
            #expect(throws: ConfigurationError.self) { try self.plan(weather + ["--directions", directions, "--geocoder", geocoder]) }
            #expect(try self.plan(weather + ["--directions", directions, "--geocoder", geocoder, "--api-key", "K-1"]).0.simulated.isEmpty)
        }
        // The sandbox needs nothing; nor does an upstream given an origin of its own.
        #expect(try plan(["--timetable", "ojp"]).0.simulated.first == "ojp")
        #expect(try plan(contact + ["--timetable", "ojp", "--upstream", "ojp origin=http://127.0.0.1:9"]).0.simulated.isEmpty)
        // MOTIS answers OJP 2.0 at /ojp20: pointed at Transitous, the OJP provider runs without a token.
        let (keyless, keylessSettings) = try plan(contact + ["--timetable", "ojp", "--upstream", "ojp origin=https://api.transitous.org"])
        #expect(keyless.simulated.isEmpty && keylessSettings.upstreams["ojp"]?.secretHeader == nil)
        let ojpURL = try #require(try Self.catalog.get()["ojp-trips"]).request.url
        #expect(keylessSettings.upstreams["ojp"]?.redirecting(ojpURL) == "https://api.transitous.org/ojp20", "\(ojpURL)")
        // Transitous asks for a contact in the User-Agent, as --live always does.
        #expect(throws: ConfigurationError.self) { try self.plan(["--live", "--timetable", "transitous", "--weather", "off"]) }
        let (transitous, _) = try plan(contact + ["--timetable", "transitous"])
        #expect(transitous.simulated.isEmpty && transitous.uses.first?.upstream == "transitous")
    }

    @Test("a token is checked without ever being repeated, and --help shows none")
    func tokens() throws {
        for bad in ["", "two words", "sécret"] {
            let error = #expect(throws: ConfigurationError.self) { try self.plan(["--upstream", "ojp token=\(bad)"]) }
            #expect(error?.description == "upstream ojp token: not a token (1 to 4096 printable ASCII characters without spaces)" || bad == "two words")
        }
        let long = String(repeating: "t", count: 4097)
        #expect(throws: ConfigurationError(description: "upstream ojp token: not a token (1 to 4096 printable ASCII characters without spaces)")) {
            try self.plan(["--upstream", "ojp token=\(long)"])
        }
        #expect(Help.text.contains("--live"))
        #expect(Help.text.contains("token=TOKEN (sent as Authorization: Bearer, never shown)"))
        #expect(Help.text.contains("gottago upstreams check"))
    }
}
