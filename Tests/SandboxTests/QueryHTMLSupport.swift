import Markup
import Model
@testable import Sandbox
import Scrape
import Testing

/// Runs a repository route against the sandbox's query.exe pages: the route builds its GET, the
/// sandbox answers it, the route reads the answer.
struct QueryHTMLRun {
    let extraction: Extraction
    /// The sandbox's answer, as sent.
    let status: Int
    let contentType: String
    let answer: [UInt8]
    /// The path and raw query string the route asked for.
    let path: String
    let query: String

    static let service = QueryHTMLService(model: TestTimetable.model)

    init(_ routeID: String, _ parameters: [String: String], service: QueryHTMLService = QueryHTMLRun.service) throws {
        try self.init(routeID, [String: RouteParameter.Value](singleValues: parameters), service: service)
    }

    init(_ routeID: String, _ parameters: [String: RouteParameter.Value], service: QueryHTMLService = QueryHTMLRun.service) throws {
        let route = try #require(TestTimetable.routes[routeID])
        let request = try route.upstreamRequest(parameters)
        #expect(request.method == "GET" && request.body == nil)
        (path, query) = try Self.split(request.url)
        (status, contentType, answer) = service.respond(path: path, query: query)
        extraction = Extractor.run(route, body: answer, contentType: contentType, parameters: parameters.singleValues)
    }

    /// `/bin/query.exe/dn` and the raw query string of an absolute URL.
    static func split(_ url: String) throws -> (path: String, query: String) {
        let afterScheme = try #require(url.firstRange(of: "://")).upperBound
        let pathStart = try #require(url[afterScheme...].firstIndex(of: "/"))
        let rest = url[pathStart...]
        guard let question = rest.firstIndex(of: "?") else { return (String(rest), "") }
        return (String(rest[..<question]), String(rest[rest.index(after: question)...]))
    }

    /// The records of a top-level list; a failure is an issue.
    func records(_ list: String, sourceLocation: SourceLocation = #_sourceLocation) -> [Record] {
        extraction.records(list, sourceLocation: sourceLocation)
    }

    /// The failure, or nil when the route extracted records.
    var failure: RouteFailure? { extraction.failure }

    /// The answer as text (ISO-8859-1).
    var text: String { TestTimetable.text(latin1: answer) }

    /// Evaluates an XPath over the answer, parsed as the route parses it, and returns its string values.
    func strings(_ path: String) throws -> [String] {
        let document = try Document.parse(answer, as: .html, options: ParseOptions(contentType: contentType))
        return try XPathEvaluator(document).strings(XPathExpression(path))
    }

    /// Diagnostics other than the HTML parser's note that it repaired the page (it always does:
    /// the pages are messy on purpose).
    var problems: [String] {
        extraction.diagnostics.filter { !$0.hasPrefix("the html parser repaired") }
    }
}

extension RouteFailure {
    /// The records of a list that came with the failure (an ambiguous name's candidates).
    func records(_ list: String) -> [Record] {
        for case .list(let name, let records) in details where name == list { return records }
        return []
    }
}

/// The route parameters the timetable provider sends for a connection search.
func htmlConnectionParameters(
    _ from: String, _ to: String, _ time: LocalDateTime, arrival: Bool = false, via: [String] = []
) -> [String: RouteParameter.Value] {
    [
        "from": .one(from), "to": .one(to), "date_text": .one(QueryHTMLRenderer.dotted(time.date)), "time": .one(time.clock),
        "forward": arrival ? "0" : "1", "via": .list(via),
    ]
}

/// The route parameters the timetable provider sends for a station board.
func htmlBoardParameters(_ station: String, _ time: LocalDateTime, limit: Int, arrivals: Bool = false) -> [String: String] {
    [
        "station": station, "date": QueryHTMLRenderer.dotted(time.date), "time": time.clock, "start": "\(time.date)T\(time.clock)",
        "limit": String(limit), "board": arrivals ? "arr" : "dep",
    ]
}

/// Reads the lookup's JavaScript literal the way FORMATS.md says a client must: one `key : "value"`
/// per line, `\'` and `\"` unescaped, numeric character references resolved.
func javaScriptStops(_ answer: [UInt8]) -> (fields: [String: String], stops: [[String: String]]) {
    var top: [String: String] = [:]
    var stops: [[String: String]] = []
    var inList = false
    var current: [String: String]?
    for rawLine in TestTimetable.text(latin1: answer).split(separator: "\n") {
        switch rawLine {
        case "[": inList = true
        case "]": inList = false
        case "{" where inList: current = [:]
        case "}" where current != nil:
            stops.append(current!)
            current = nil
        default:
            var line = Substring(rawLine)
            if line.hasPrefix(",") { line = line.dropFirst() }
            if line.hasPrefix("{ ") { line = line.dropFirst(2) }
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = line[..<colon].trimmingCharacters(in: " ")
            var value = line[line.index(after: colon)...].trimmingCharacters(in: " ")
            if value.hasSuffix(",") { value.removeLast() }
            guard value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") else { continue }
            value = String(value.dropFirst().dropLast())
            let decoded = resolveReferences(value.replacing("\\'", with: "'").replacing("\\\"", with: "\"").replacing("\\\\", with: "\\"))
            if current != nil { current![key] = decoded } else { top[key] = decoded }
        }
    }
    return (top, stops)
}

/// `&#252;` and `&amp;` as the characters they stand for.
func resolveReferences(_ text: String) -> String {
    var output = ""
    var rest = Substring(text)
    while let ampersand = rest.firstIndex(of: "&") {
        output += rest[..<ampersand]
        rest = rest[ampersand...]
        guard let semicolon = rest.firstIndex(of: ";") else { break }
        let name = rest[rest.index(after: rest.startIndex)..<semicolon]
        switch name {
        case "amp": output += "&"
        case "lt": output += "<"
        case "gt": output += ">"
        default:
            if name.hasPrefix("#"), let value = UInt32(name.dropFirst()), let scalar = Unicode.Scalar(value) {
                output.unicodeScalars.append(scalar)
            } else {
                output += rest[...semicolon]
            }
        }
        rest = rest[rest.index(after: semicolon)...]
    }
    return output + rest
}

extension Substring {
    fileprivate func trimmingCharacters(in set: Character) -> String {
        String(drop { $0 == set }.reversed().drop { $0 == set }.reversed())
    }
}
