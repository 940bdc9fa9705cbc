import Testing
@testable import Scrape

/// Every shipped route has recorded samples, and the error samples give their codes.
@Suite struct RouteSampleTests {
    static let catalog = Result { try RouteCatalog.load(from: RouteFixtures.repositoryRoutes) }

    @Test func everyRouteHasSamples() throws {
        let catalog = try Self.catalog.get()
        for route in catalog.routes {
            #expect(!(try RouteSample.all(of: route, in: catalog.directory)).isEmpty, "\(route.id) has no samples")
        }
    }

    // Each sample against its expected output is in APITests (RouteGoldenTests): an error's status
    // there comes from the API's error catalog.

    /// The recorded error responses give their stable codes (and the data samples give none).
    @Test(arguments: [
        ("hafas-extxml-connections", "error-spool", "upstream_error"),
        ("hafas-extxml-connections", "error-500-page", "upstream_error"),
        ("hafas-extxml-locations", "error-spool", "upstream_error"),
        ("bahn-mobile-connections", "ambiguous-waldkirch-2017-12-20", "ambiguous_station"),
        ("ojp-trips", "error-ojp2-no-trip", "no_trips"),
        ("ojp-trips", "error-ojp1-no-trip", "no_trips"),
        ("ojp-trips", "error-truncated-body", "malformed_response"),
        ("bart-etd", "error-invalid-key", "upstream_rejected"),
        ("google-weather", "swiftlet-GoogleWeather-error-problem_cause-empty", "unknown_place"),
        ("google-geocode", "error-zero-results-telaviv", "no_places"),
        ("opendata-connections", "error-500-incomplete-route", "upstream_error"),
        ("google-routes", "error-missing-key-docs", "upstream_rejected"),
        ("google-routes", "error-api-key-invalid-2021", "upstream_rejected"),
        ("google-routes", "error-missing-origin-docs", "upstream_rejected"),
        ("photon-reverse", "error-empty-2020-11", "no_places"),
    ])
    func errorSamplesGiveTheirCodes(route id: String, sample name: String, code: String) throws {
        let catalog = try Self.catalog.get()
        let route = try #require(catalog[id])
        let sample = try #require(try RouteSample.all(of: route, in: catalog.directory).first { $0.name == name })
        guard case .failure(let failure) = try sample.render(with: route, status: { _ in nil }).extraction.outcome else {
            Issue.record("\(id)/\(name) gave records")
            return
        }
        #expect(failure.code == code)
        if code == "ambiguous_station" {
            guard case .list(let list, let candidates)? = failure.details.first else { Issue.record("no candidates"); return }
            #expect(list == "candidates")
            #expect(candidates.count == 9)
            #expect(candidates.first?.value("name") == "Waldkirch")
        }
    }

    /// OSRM's error bodies are not among the recorded samples; these are the shapes its
    /// documentation gives (`code` other than `Ok`, with a `message`).
    @Test(arguments: [
        (#"{"code":"NoRoute","message":"Impossible route between points"}"#, "no_route", FailureKind.answer),
        (#"{"code":"InvalidValue","message":"Invalid coordinate value."}"#, "bad_coordinates", .answer),
        (#"{"code":"TooBig","message":"Too many trace coordinates"}"#, "upstream_error", .fault),
        ("<html>502 Bad Gateway</html>", "malformed_response", .fault),
    ])
    func osrmErrorsGiveTheirCodes(body: String, code: String, kind: FailureKind) throws {
        let route = try #require(try Self.catalog.get()["osrm-route"])
        guard case .failure(let failure) = Extractor.run(route, body: Array(body.utf8)).outcome else {
            Issue.record("expected \(code)")
            return
        }
        #expect(failure.code == code)
        #expect(failure.kind == kind)
    }
}
