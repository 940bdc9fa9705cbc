import Testing
@testable import Scrape
import Kernel

/// Extractions survive the trip through the cache's bytes, and damaged bytes are refused.
@Suite struct ExtractionEncodingTests {
    static var extractions: [Extraction] {
        guard case .success(let catalog) = RouteSampleTests.catalog else { return [] }
        return catalog.routes.flatMap { route in
            ((try? RouteSample.all(of: route, in: catalog.directory)) ?? []).compactMap { try? $0.render(with: route, status: { _ in nil }).extraction }
        }
    }

    @Test func everySampleRoundTrips() throws {
        let all = Self.extractions
        // One extraction for every reviewed sample.
        let expected = try Files.list(RouteFixtures.repositoryRoutes).reduce(0) { count, route in
            count + ((try? Files.list(RouteFixtures.repositoryRoutes + "/" + route + "/samples")) ?? []).filter { $0.hasSuffix(".expected.xml") }.count
        }
        #expect(all.count == expected)
        #expect(all.count >= 81)
        for extraction in all {
            let bytes = extraction.encoded()
            let decoded = try #require(Extraction(decoding: bytes))
            #expect(decoded.node == extraction.node)
            #expect(decoded.route == extraction.route)
            #expect(decoded.diagnostics == extraction.diagnostics)
            #expect(decoded.encoded() == bytes)
        }
    }

    @Test func everyTruncationAndForeignBytesAreRefused() throws {
        let extraction = try #require(Self.extractions.first { if case .failure = $0.outcome { return true } else { return false } })
        let bytes = extraction.encoded()
        for length in 0..<bytes.count {
            #expect(Extraction(decoding: Array(bytes.prefix(length))) == nil)
        }
        #expect(Extraction(decoding: bytes + [0]) == nil)
        #expect(Extraction(decoding: Array("<result/>".utf8)) == nil)
        var huge = Extraction.magic
        huge += [0xFF, 0xFF, 0xFF, 0x7F]  // a route id claiming 2 GB
        #expect(Extraction(decoding: huge) == nil)
    }

    @Test func nestingBeyondTheCapIsRefused() {
        // Records nested 40 deep: each level is a list member holding one record.
        var nested: [Record.Member] = [.field(name: "x", values: ["1"], item: nil)]
        for level in 0..<40 {
            nested = [.list(name: "l\(level)", records: [Record(name: "r", members: nested)])]
        }
        let deep = Extraction(route: "r", outcome: .success(nested), diagnostics: [])
        #expect(Extraction(decoding: deep.encoded()) == nil)
    }
}
