import Foundation
@testable import Sandbox
import Scrape
import Testing
import Kernel

/// The HAFAS pages routes' sandbox samples (`Routes/hafas-html-*/samples/sandbox-*.html`) are
/// what the sandbox answers today, over the station list of `TestTimetable`, to what the route
/// asks with the sample's `.params`. With `GOTTAGO_WRITE_SANDBOX_SAMPLES=1` in the environment
/// the test writes them instead; then `gottago routes test --update` writes their expected
/// output, to be read before it is kept.
@Suite("query.exe sandbox samples")
struct QueryHTMLSampleTests {
    static let samples: [RouteSample] = ["hafas-html-connections", "hafas-html-stationboard"].flatMap { id in
        guard let route = TestTimetable.routes[id], let all = try? RouteSample.all(of: route, in: TestTimetable.routesDirectory) else {
            return [RouteSample]()
        }
        return all.filter { $0.name.hasPrefix("sandbox-") }
    }

    @Test func thereAreSandboxSamples() {
        #expect(Self.samples.count == 4)
    }

    @Test(arguments: samples.map(\.bodyPath))
    func theSampleIsTheSandboxsAnswer(path: String) throws {
        let sample = try #require(Self.samples.first { $0.bodyPath == path })
        let route = path.contains("/hafas-html-connections/") ? "hafas-html-connections" : "hafas-html-stationboard"
        let run = try QueryHTMLRun(route, sample.parameters)
        #expect(run.status == 200)
        #expect(run.contentType == sample.contentType)
        if ProcessInfo.processInfo.environment["GOTTAGO_WRITE_SANDBOX_SAMPLES"] == "1" {
            try Files.write(run.answer, to: path)
        }
        #expect(try Files.read(path) == run.answer, "\(path) is not what the sandbox answers; write it again and read the expected output")
    }
}
