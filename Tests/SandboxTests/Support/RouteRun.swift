import Markup
@testable import Sandbox
import Scrape
import Testing

/// Runs a repository route through the sandbox: the route builds its request, the sandbox
/// answers it, the route extracts the answer.
struct RouteRun {
    let extraction: Extraction
    /// The sandbox's answer, as sent.
    let answer: [UInt8]

    init(_ routeID: String, _ parameters: [String: String], service: ExtXMLService = TestTimetable.service) throws {
        let route = try #require(TestTimetable.routes[routeID])
        let request = try route.upstreamRequest(parameters)
        let contentType = request.headers.first { $0.name == "Content-Type" }?.value
        answer = service.respond(to: try #require(request.body), contentType: contentType)
        extraction = Extractor.run(route, body: answer, contentType: "text/xml; charset=ISO-8859-1", parameters: parameters)
    }

    /// The records of a top-level list; a failure is an issue.
    func records(_ list: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [Record] {
        extraction.records(list, sourceLocation: sourceLocation)
    }

    /// The failure, or nil when the route extracted records.
    var failure: RouteFailure? { extraction.failure }

    /// Evaluates an XPath over the answer and returns its string values.
    func strings(_ path: String) throws -> [String] {
        let document = try Document.parse(answer, as: .xml)
        return try XPathEvaluator(document).strings(XPathExpression(path))
    }
}

extension Extraction {
    /// The records of a top-level list; a failure is an issue.
    func records(_ list: String, sourceLocation: SourceLocation = #_sourceLocation) -> [Record] {
        switch outcome {
        case .success(let lists):
            for case .list(let name, let records) in lists where name == list { return records }
            Issue.record("no list \(list)", sourceLocation: sourceLocation)
            return []
        case .failure(let failure):
            Issue.record("the route failed: \(failure) \(diagnostics)", sourceLocation: sourceLocation)
            return []
        }
    }

    /// The failure, or nil when the route extracted records.
    var failure: RouteFailure? {
        if case .failure(let failure) = outcome { return failure }
        return nil
    }
}

/// ISO 8601 durations as the route's `duration` normalizer writes them.
func isoDuration(_ seconds: Int64) -> String {
    guard seconds > 0 else { return "PT0S" }
    let hours = seconds / 3600, minutes = seconds / 60 % 60, rest = seconds % 60
    return "PT" + (hours > 0 ? "\(hours)H" : "") + (minutes > 0 ? "\(minutes)M" : "") + (rest > 0 ? "\(rest)S" : "")
}
