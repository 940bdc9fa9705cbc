import Scrape
import Testing
@testable import API

/// Golden tests: every shipped route over every recorded sample gives its reviewed expected
/// output, an error led by the status the error catalog gives its code (as `/api/routes/{id}/result`
/// answers it).
@Suite struct RouteGoldenTests {
    static let catalog = Result { try RouteCatalog.load(from: TestRoutes.shipped) }

    static var cases: [(route: String, sample: String)] {
        guard case .success(let catalog) = catalog else { return [] }
        return catalog.routes.flatMap { route in
            ((try? RouteSample.all(of: route, in: catalog.directory)) ?? []).map { (route.id, $0.name) }
        }
    }

    @Test func everySampleIsACase() throws {
        #expect(Self.cases.count >= 94)
    }

    @Test(arguments: cases)
    func sampleMatchesItsExpectedOutput(route id: String, sample name: String) throws {
        let catalog = try Self.catalog.get()
        let route = try #require(catalog[id])
        let sample = try #require(try RouteSample.all(of: route, in: catalog.directory).first { $0.name == name })
        let difference = try sample.check(with: route, status: ErrorCatalog.status(of:))
        #expect(difference == nil, "\(id)/\(name): \(difference ?? "")")
    }
}
