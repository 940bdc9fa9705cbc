import Testing
@testable import Scrape
import Kernel

/// A route's `<canary>` and `retired`: read, checked at load time, and the values sent.
@Suite struct RouteCanaryTests {
    private let extract = #"<record name="r" list="rs" each="/a"><field name="x" xpath="c"/></record>"#
    private let parameters = """
        <parameters><parameter name="date" default="2026-03-29"/><parameter name="from" required="true"/>\
        <parameter name="time"/><parameter name="key"/></parameters>
        """

    private func route(canary: String, retired: String? = nil) -> String {
        let xml = RouteFixtures.route(extract: extract, parameters: parameters + canary)
        guard let retired else { return xml }
        return xml.replacingOccurrences(#"domain="timetable">"#, #"domain="timetable" retired="\#(retired)">"#)
    }

    private func loadError(_ xml: String) throws -> RouteError {
        let directory = try RouteFixtures.folder(route: "test-route", xml)
        defer { RouteFixtures.remove(directory) }
        let failure = try #require(throws: RouteCatalog.LoadFailure.self) { try RouteCatalog.load(from: directory) }
        return try #require(failure.errors.first)
    }

    @Test func aCanaryGivesTextTheMomentInTheRoutesZoneAndOptions() throws {
        let loaded = try RouteFixtures.load(route(canary: """
            <canary><param name="from">Zürich HB</param><param name="time" now="hh:mm"/><param name="key" option="api-key"/></canary>
            """))
        let canary = try #require(loaded.canary)
        #expect(canary.parameters.map(\.name) == ["from", "time", "key"])
        // 2026-12-01T07:05:00Z is 08:05 in Zurich.
        let instant = ZonedTime.days(year: 2026, month: 12, day: 1) * 86_400 + 7 * 3600 + 5 * 60
        let values = canary.values(at: instant, in: loaded.response.timeZone) { $0 == "api-key" ? "K" : nil }
        #expect(values == ["from": "Zürich HB", "time": "08:05", "key": "K"])
        // Without the option's value the parameter is left out, so the route's own default applies.
        #expect(canary.values(at: instant, in: loaded.response.timeZone)["key"] == nil)
    }

    @Test("each form of the moment", arguments: [
        (Canary.Moment.date, "2026-12-01"), (.yyyymmdd, "20261201"), (.dotted, "01.12.26"), (.time, "08:05"),
        (.minute, "2026-12-01T08:05"), (.iso8601, "2026-12-01T08:05:00+01:00"),
    ])
    func moments(moment: Canary.Moment, expected: String) {
        #expect(Canary.format("2026-12-01T08:05:00+01:00", as: moment) == expected)
    }

    @Test func aRouteWithoutCanaryOrRetirementHasNeither() throws {
        let plain = try RouteFixtures.load(RouteFixtures.route(extract: extract))
        #expect(plain.canary == nil)
        #expect(plain.retired == nil)
        let empty = try RouteFixtures.load(RouteFixtures.route(
            extract: extract, parameters: #"<parameters><parameter name="date" default="2026-03-29"/></parameters><canary/>"#))
        #expect(empty.canary == Canary(parameters: []))
    }

    @Test func aBadCanaryIsRefusedAtLoad() throws {
        let undeclared = try loadError(route(canary: #"<canary><param name="from">Bern</param><param name="to">Thun</param></canary>"#))
        #expect(undeclared.message == "the canary sets to, which is not a declared parameter")
        let twice = try loadError(route(canary: #"<canary><param name="from">Bern</param><param name="from">Thun</param></canary>"#))
        #expect(twice.message == "the canary sets from twice")
        let missing = try loadError(route(canary: #"<canary><param name="time" now="hh:mm"/></canary>"#))
        #expect(missing.message == "the canary does not set the required parameter from")
        let form = try loadError(route(canary: #"<canary><param name="from" now="tomorrow"/></canary>"#))
        #expect(form.message.contains("route.rng"))
        let option = try loadError(route(canary: #"<canary><param name="from" option="password"/></canary>"#))
        #expect(option.message.contains("route.rng"))
    }

    @Test func retiredIsAYearOrTrue() throws {
        let canary = #"<canary><param name="from">Bern</param></canary>"#
        #expect(try RouteFixtures.load(route(canary: canary, retired: "2021")).retired == Retirement(year: 2021))
        let unknown = try #require(try RouteFixtures.load(route(canary: canary, retired: "true")).retired)
        #expect(unknown.year == nil && unknown.description == "retired" && unknown.value == "true")
        #expect(Retirement(year: 2012).description == "retired 2012")
        #expect(try loadError(route(canary: canary, retired: "soon")).message.contains("route.rng"))
    }

    /// What the shipped route files say: a canary on every route whose provider can be chosen
    /// (not on vehicle positions, whose feed only an operator's agency gives: BART has none).
    @Test func theShippedRoutesCarryTheirCanariesAndRetirements() throws {
        let catalog = try RouteCatalog.load(from: RouteFixtures.repositoryRoutes)
        for route in catalog.routes {
            let expected = !route.id.hasPrefix("bahn-mobile-") && route.id != "gtfs-rt-vehicle-positions"
            #expect((route.canary != nil) == expected, "\(route.id)")
        }
        let retired = Dictionary(uniqueKeysWithValues: catalog.routes.compactMap { route in route.retired.map { (route.id, $0.value) } })
        #expect(retired == [
            "hafas-extxml-connections": "2021", "hafas-extxml-locations": "2021", "hafas-extxml-stationboard": "2021",
            "hafas-html-connections": "2021", "hafas-html-stationboard": "2021",
            "bahn-mobile-connections": "2025", "bahn-mobile-connection-detail": "2025",
            "yr-forecast": "2022", "google-weather": "2012", "bart-eta-legacy": "true",
        ])
        // OJP's token is the operator's, never a route parameter.
        for id in ["ojp-trips", "ojp-stopevents", "ojp-locations"] {
            let route = try #require(catalog[id])
            #expect(!route.parameters.contains { $0.name == "token" })
            #expect(!route.request.headers.contains { $0.name == "Authorization" })
        }
    }
}
