import Foundation
@testable import Sandbox
import Scrape
import Testing
import Kernel

/// One MOTIS route's request answered by the sandbox and read back by the route.
struct MotisRouteRun {
    static let service = MotisService(model: TestTimetable.model, now: { OpendataRouteRun.now })
    static let userAgent = "gottago-tests/1.0 (+ops@example.org)"

    let extraction: Extraction
    let answer: WebAnswer
    let path: String

    init(_ routeID: String, _ parameters: [String: String], userAgent: String? = MotisRouteRun.userAgent) throws {
        let route = try #require(TestTimetable.routes[routeID])
        let upstream = try route.upstreamRequest([String: RouteParameter.Value](singleValues: parameters))
        #expect(upstream.method == "GET" && upstream.url.hasPrefix("https://api.transitous.org/api/"))
        let target = upstream.url.dropFirst("https://api.transitous.org".count)
        let question = target.firstIndex(of: "?") ?? target.endIndex
        path = String(target[..<question])
        let query = question == target.endIndex ? "" : String(target[target.index(after: question)...])
        answer = Self.service.respond(path: path, query: Substring(query), userAgent: userAgent)
        extraction = Extractor.run(route, body: answer.body, contentType: answer.contentType, parameters: parameters)
    }

    var text: String { String(decoding: answer.body, as: UTF8.self) }
}

/// The MOTIS routes' sandbox samples (`Routes/motis-*/samples/sandbox-*.json`) are what the sandbox
/// answers today to what the route asks. With `GOTTAGO_WRITE_SANDBOX_SAMPLES=1` in the environment
/// the test writes them instead; then `gottago routes test --update` writes their expected output,
/// to be read before it is kept.
@Suite("MOTIS sandbox samples")
struct MotisSampleTests {
    typealias Sample = SandboxSample

    static let samples = [
        // From a position 300 m from Bern's station (a walk to it) to Zürich HB: the morning's late
        // train and the cancelled one, the lift notice at Bern.
        Sample(route: "motis-plan", name: "sandbox-bern-zurich-2026-05-12", parameters: [
            "from": "46.9468,7.4376", "to": "ch-opentransportdataswiss_Parent8503000", "time": "2026-05-12T07:50:00+02:00", "limit": "4",
        ]),
        // Late runs and the cancelled one, trains and buses, a platform each.
        Sample(route: "motis-stoptimes", name: "sandbox-bern-2026-05-12", parameters: [
            "stop": "ch-opentransportdataswiss_Parent8507000", "time": "2026-05-12T07:30:00+02:00", "limit": "20",
        ]),
        Sample(route: "motis-geocode", name: "sandbox-bern", parameters: ["text": "Bern"]),
    ]

    @Test(arguments: samples)
    func theSampleIsTheSandboxsAnswer(sample: Sample) throws {
        let run = try MotisRouteRun(sample.route, sample.parameters)
        #expect(run.answer.status == 200 && run.extraction.failure == nil, "\(run.text.prefix(300))")
        try sample.check(run.answer.body)
    }
}
