import Markup
import Model
@testable import Sandbox
import Scrape
import Testing

/// Runs a repository OJP route through the sandbox: the route builds its request, the OJP
/// service answers it, the route extracts the answer.
struct OJPRouteRun {
    static let service = OJPService(model: TestTimetable.model)

    let extraction: Extraction
    /// The service's status.
    let status: Int
    /// The service's answer, as sent.
    let answer: [UInt8]
    /// The request body the route sent.
    let request: [UInt8]

    init(_ routeID: String, _ parameters: [String: String], service: OJPService = OJPRouteRun.service) throws {
        try self.init(routeID, [String: RouteParameter.Value](singleValues: parameters), service: service)
    }

    init(_ routeID: String, _ parameters: [String: RouteParameter.Value], service: OJPService = OJPRouteRun.service) throws {
        let route = try #require(TestTimetable.routes[routeID])
        let upstream = try route.upstreamRequest(parameters)
        #expect(upstream.method == "POST" && upstream.url.hasSuffix(OJPService.path))
        let contentType = upstream.headers.first { $0.name == "Content-Type" }?.value
        request = try #require(upstream.body)
        (status, answer) = service.respond(to: request, contentType: contentType)
        extraction = Extractor.run(route, body: answer, contentType: OJPService.contentType(status: status), parameters: parameters.singleValues)
    }

    /// The records of a top-level list; a failure is an issue.
    func records(_ list: String, sourceLocation: SourceLocation = #_sourceLocation) -> [Record] {
        extraction.records(list, sourceLocation: sourceLocation)
    }

    /// The failure, or nil when the route extracted records.
    var failure: RouteFailure? { extraction.failure }

    /// Evaluates an XPath over the answer (`o` is OJP's namespace, `siri` SIRI's) and returns its string values.
    func strings(_ path: String) throws -> [String] {
        try OJPXML.strings(path, in: answer)
    }
}

/// XPath over OJP documents with the namespaces bound.
enum OJPXML {
    static let namespaces = [(prefix: "o", uri: "http://www.vdv.de/ojp"), (prefix: "siri", uri: "http://www.siri.org.uk/siri")]

    static func strings(_ path: String, in bytes: [UInt8]) throws -> [String] {
        let document = try Document.parse(bytes, as: .xml)
        return try XPathEvaluator(document, namespaces: namespaces).strings(XPathExpression(path))
    }

    /// An OJP request body around one request element, in the default-namespace form the routes send.
    static func request(_ inner: String, timestamp: String = "2026-05-12T06:00:00Z") -> [UInt8] {
        Array("""
        <?xml version="1.0" encoding="UTF-8"?>
        <OJP xmlns="http://www.vdv.de/ojp" xmlns:siri="http://www.siri.org.uk/siri" version="2.0">
        <OJPRequest><siri:ServiceRequest><siri:RequestTimestamp>\(timestamp)</siri:RequestTimestamp>
        <siri:RequestorRef>tests</siri:RequestorRef>\(inner)</siri:ServiceRequest></OJPRequest></OJP>
        """.utf8)
    }
}

extension Category {
    /// How the routes name the vehicle.
    var vehicle: String {
        switch self {
        case .interCity, .interRegio, .sBahn, .regio: "Train"
        case .bus: "Bus"
        case .tram: "Tram"
        case .ship: "Ship"
        case .cableway: "Cableway"
        }
    }
}
