import Markup
import Model
@testable import Sandbox
import Scrape
import Testing

/// Runs a repository transport.opendata.ch route through the sandbox: the route builds its GET
/// request, the opendata service answers its path and query, the route extracts the answer.
struct OpendataRouteRun {
    static let service = OpendataService(model: TestTimetable.model, now: { OpendataRouteRun.now })
    /// "Now" for a request without a time: 2026-05-12 08:00 in Zürich.
    static let now: Int64 = 1_778_565_600

    let extraction: Extraction
    /// The service's answer.
    let answer: WebAnswer
    /// The path and the (percent-encoded) query the route asked.
    let path: String
    let query: String

    init(_ routeID: String, _ parameters: [String: String], service: OpendataService = OpendataRouteRun.service) throws {
        try self.init(routeID, [String: RouteParameter.Value](singleValues: parameters), service: service)
    }

    init(_ routeID: String, _ parameters: [String: RouteParameter.Value], service: OpendataService = OpendataRouteRun.service) throws {
        let route = try #require(TestTimetable.routes[routeID])
        let upstream = try route.upstreamRequest(parameters)
        #expect(upstream.method == "GET" && upstream.url.hasPrefix("https://transport.opendata.ch/v1/"))
        let target = upstream.url.dropFirst("https://transport.opendata.ch".count)
        let question = target.firstIndex(of: "?") ?? target.endIndex
        path = String(target[..<question])
        query = question == target.endIndex ? "" : String(target[target.index(after: question)...])
        answer = service.respond(path: path, query: Substring(query))
        extraction = Extractor.run(route, body: answer.body, contentType: answer.contentType, parameters: parameters.singleValues)
    }

    /// The records of a top-level list; a failure is an issue.
    func records(_ list: String, sourceLocation: SourceLocation = #_sourceLocation) -> [Record] {
        extraction.records(list, sourceLocation: sourceLocation)
    }

    /// The failure, or nil when the route extracted records.
    var failure: RouteFailure? { extraction.failure }

    /// The answer as text.
    var text: String { String(decoding: answer.body, as: UTF8.self) }
}

/// What the routes read from the sandbox's realtime: a predicted stop's expected time (the
/// planned one when on time), a cancelled run's planned time (the API reports search.ch's `X` as
/// a delay of 0), nothing where nothing is predicted.
enum OpendataRealtime {
    /// The minutes the API reports at a stop: 0 for a cancelled run (search.ch's `X`), the
    /// predicted minutes where the upstream predicts, nil where it does not.
    static func delay(_ stop: StopTime, _ ride: Ride) -> Int? {
        ride.isCancelled ? 0 : stop.predictedDelay
    }

    /// The expected time the API reports at a stop: the planned one for a cancelled run.
    static func prognosis(_ stop: StopTime, _ ride: Ride) -> String? {
        ride.isCancelled ? stop.time.iso8601 : stop.prognosis?.iso8601
    }
}
