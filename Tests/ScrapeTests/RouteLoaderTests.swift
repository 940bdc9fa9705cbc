import Testing
@testable import Scrape

/// A broken route is refused at load time with `file:line: message`, never at request time.
@Suite struct RouteLoaderTests {
    private func loadError(_ xml: String, id: String = "test-route") throws -> RouteError {
        let directory = try RouteFixtures.folder(route: id, xml)
        defer { RouteFixtures.remove(directory) }
        let failure = try #require(throws: RouteCatalog.LoadFailure.self) { try RouteCatalog.load(from: directory) }
        #expect(failure.errors.count == 1)
        let error = try #require(failure.errors.first)
        #expect(error.file == directory + "/" + id + "/route.xml")
        return error
    }

    private let field = #"<record name="r" list="rs" each="/a/b"><field name="x" xpath="c" normalize="%@"/></record>"#

    @Test func anUnknownNormalizerIsNamedWithItsLine() throws {
        let error = try loadError(RouteFixtures.route(extract: field.replacingPlaceholder(with: "collapse | tiem")))
        #expect(error.line == 10)
        #expect(error.message == #"unknown normalizer "tiem""#)
        #expect(error.description.hasSuffix(#"/test-route/route.xml:10: unknown normalizer "tiem""#))
    }

    @Test func anXPathThatDoesNotCompileIsRefused() throws {
        let error = try loadError(RouteFixtures.route(extract: #"<record name="r" list="rs" each="/a/b["><field name="x" xpath="c"/></record>"#))
        #expect(error.line == 10)
        #expect(error.message.contains("Invalid XPath"))
    }

    @Test func anUnboundPrefixIsRefusedAtLoad() throws {
        let error = try loadError(RouteFixtures.route(extract: #"<record name="r" list="rs" each="//ojp:Trip"><field name="x" xpath="c"/></record>"#))
        #expect(error.message.contains("//ojp:Trip"))
        let bound = try RouteFixtures.load(RouteFixtures.route(
            namespaces: #"<namespace prefix="ojp" uri="http://www.vdv.de/ojp"/>"#,
            extract: #"<record name="r" list="rs" each="//ojp:Trip"><field name="x" xpath="ojp:Id"/></record>"#))
        #expect(bound.response.namespaces.map(\.prefix) == ["ojp"])
    }

    @Test func schemaViolationsNameTheLine() throws {
        let error = try loadError(RouteFixtures.route(extract: #"<record name="r" list="rs" each="/a"><fild name="x" xpath="c"/></record>"#))
        #expect(error.line == 10)
        #expect(error.message.contains("route.rng"))
        let notXML = try loadError("<route id=\"test-route\"><unclosed></route>")
        #expect(notXML.message.contains("not well-formed"))
    }

    @Test func referencesMustPointBackwards() throws {
        let later = try loadError(RouteFixtures.route(extract: """
            <record name="r" list="rs" each="/a"><field name="t" xpath="t" normalize="time | datetime(date=$d)"/><field name="d" xpath="d"/></record>
            """))
        #expect(later.message.contains("$d"))
        let parameter = try loadError(RouteFixtures.route(extract: """
            <record name="r" list="rs" each="/a"><field name="t" xpath="t" normalize="datetime(date=$param.day)"/></record>
            """))
        #expect(parameter.message.contains("$param.day"))
        let parent = try loadError(RouteFixtures.route(extract: """
            <record name="r" list="rs" each="/a"><record name="s" list="ss" each="b"><field name="t" xpath="t" normalize="datetime(date=$../d)"/></record><field name="d" xpath="d"/></record>
            """))
        #expect(parent.message.contains("$../d"))
    }

    @Test func theRequestMayOnlyUseDeclaredParameters() throws {
        let xml = RouteFixtures.route(extract: #"<record name="r" list="rs" each="/a"><field name="x" xpath="c"/></record>"#)
            .replacingOccurrences("x?d={date}", "x?d={date}&amp;q={query}")
        let error = try loadError(xml)
        #expect(error.message.contains("{query}"))
    }

    @Test func theIdMustMatchTheFolderAndAZoneMustExist() throws {
        let mismatch = try loadError(RouteFixtures.route(id: "other", extract: #"<record name="r" list="rs" each="/a"><field name="x" xpath="c"/></record>"#))
        #expect(mismatch.message.contains("does not match its folder"))
        let zone = try loadError(RouteFixtures.route(extract: #"<record name="r" list="rs" each="/a"><field name="x" xpath="c"/></record>"#, timezone: "Mars/Olympus"))
        #expect(zone.message.contains("timezone"))
    }

    @Test func upstreamAndCacheTimesAreRead() throws {
        let extract = #"<record name="r" list="rs" each="/a"><field name="x" xpath="c"/></record>"#
        let plain = try RouteFixtures.load(RouteFixtures.route(extract: extract))
        #expect(plain.upstream == "test-route")
        #expect(plain.cache == nil)
        let xml = RouteFixtures.route(extract: extract)
            .replacingOccurrences(#"domain="timetable">"#, #"domain="timetable" upstream="sbb">"#)
            .replacingOccurrences("</response>", #"</response><cache fresh="45" stale-if-error="600"/>"#)
        let route = try RouteFixtures.load(xml)
        #expect(route.upstream == "sbb")
        #expect(route.cache == CacheTimes(fresh: 45, staleWhileRevalidate: 0, staleIfError: 600))
        for bad in [#"fresh="-1""#, #"fresh="ten""#, #"fresh="604801""#, #"stale-if-error="60""#] {
            let error = try loadError(RouteFixtures.route(extract: extract).replacingOccurrences("</response>", "</response><cache \(bad)/>"))
            #expect(error.line == 7, "\(bad)")
            #expect(error.message.contains("route.rng"), "\(bad)")
        }
        let badName = try loadError(xml.replacingOccurrences(#"upstream="sbb""#, #"upstream="SBB live""#))
        #expect(badName.line == 3)
    }

    @Test func everyShippedRouteLoads() throws {
        let catalog = try RouteCatalog.load(from: RouteFixtures.repositoryRoutes)
        #expect(catalog.routes.map(\.id) == [
            "bahn-mobile-connection-detail", "bahn-mobile-connections", "bart-eta-legacy", "bart-etd", "google-directions",
            "google-geocode", "google-routes", "google-weather", "graphhopper-gpx", "hafas-extxml-connections", "hafas-extxml-locations",
            "hafas-extxml-stationboard", "hafas-html-connections", "hafas-html-stationboard", "nominatim-reverse",
            "nominatim-search", "nws-dwml", "ojp-locations", "ojp-stopevents", "ojp-trips", "osrm-route", "photon-reverse",
            "photon-search", "yr-forecast",
        ])
        #expect(Set(catalog.routes.map(\.digest)).count == catalog.routes.count)
        #expect(catalog.routes.map(\.upstream) == [
            "bahn-mobile", "bahn-mobile", "bart-legacy", "bart", "google-directions", "google-geocode", "google-routes",
            "google-weather", "graphhopper", "hafas-extxml", "hafas-extxml", "hafas-extxml", "hafas-html", "hafas-html", "nominatim",
            "nominatim", "nws", "ojp", "ojp", "ojp", "osrm", "photon", "photon", "yr",
        ])
        #expect(catalog.routes.allSatisfy { $0.cache != nil })
    }
}

extension String {
    func replacingPlaceholder(with value: String) -> String {
        replacingOccurrences("%@", value)
    }

    func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        var output = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            output += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return output + rest
    }
}
