import Testing
@testable import Scrape
import Kernel

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

    @Test func anXPathVariableMustBeAnEarlierFieldOfItsRecord() throws {
        let later = try loadError(RouteFixtures.route(extract: """
            <record name="r" list="rs" each="/a/b"><field name="x" xpath="concat($y, 'z')"/><field name="y" xpath="c"/></record>
            """))
        #expect(later.line == 10)
        #expect(later.message == "field x: the XPath's $y is not a field declared before it in record r")
        let unknown = try loadError(RouteFixtures.route(extract: """
            <record name="r" list="rs" each="/a/b"><field name="x" xpath="c"/><field name="y" xpath="$nothing"/></record>
            """))
        #expect(unknown.message == "field y: the XPath's $nothing is not a field declared before it in record r")
        let earlier = try RouteFixtures.load(RouteFixtures.route(extract: """
            <record name="r" list="rs" each="/a/b"><field name="x" xpath="c"/><field name="y" xpath="concat($x, '$y', $index, $x)"/></record>
            """))
        guard case .field(let field)? = earlier.records.first?.members.last?.kind else {
            Issue.record("no field y")
            return
        }
        #expect(field.xpathReferences == ["x"])
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
        // Every folder with a route file is a route, and none is left out.
        let folders = try Files.list(RouteFixtures.repositoryRoutes).filter {
            Files.exists(RouteFixtures.repositoryRoutes + "/" + $0 + "/route.xml")
        }
        #expect(catalog.routes.map(\.id) == folders.sorted())
        #expect(catalog.routes.count >= 22)
        #expect(Set(catalog.routes.map(\.digest)).count == catalog.routes.count)
        // Routes of one upstream share its politeness: the families name theirs.
        let upstreams: [String: String] = [
            "bahn-mobile-connections": "bahn-mobile", "bart-eta-legacy": "bart-legacy", "bart-etd": "bart", "hafas-extxml-locations": "hafas-extxml",
            "hafas-html-stationboard": "hafas-html", "metno-forecast": "metno", "nominatim-reverse": "nominatim", "nws-dwml": "nws",
            "ojp-stopevents": "ojp", "osrm-route": "osrm", "yr-forecast": "yr", "opendata-connections": "opendata", "nws-points": "nws-api",
            "google-routes": "google-routes", "photon-search": "photon",
        ]
        for (id, upstream) in upstreams { #expect(catalog[id]?.upstream == upstream, "\(id)") }
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
