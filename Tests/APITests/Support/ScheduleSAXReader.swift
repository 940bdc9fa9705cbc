import Foundation
import HTTPTesting
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads a `<schedules>` document with Foundation's SAX `XMLParser`, as the original iPhone
/// client did: one object per nesting level, each collecting the text of its leaf elements.
final class ScheduleSAXReader: NSObject, XMLParserDelegate {
    struct ReadSchedule: Equatable {
        var fields: [String: String] = [:]       // from, to, stale, age
        var error: [String: String] = [:]        // status, code, message
        var candidates: [[String: String]] = []  // id, name, lat, lon
        var links: [ReadLink] = []
    }

    struct ReadLink: Equatable {
        var fields: [String: String] = [:]
        var products: [String] = []
        var parts: [[String: String]] = []
    }

    private var schedules: [ReadSchedule] = []
    private var path: [String] = []
    private var text = ""

    static func read(_ data: Data) -> [ReadSchedule]? {
        let reader = ScheduleSAXReader()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        return parser.parse() ? reader.schedules : nil
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        path.append(name)
        text = ""
        switch path.suffix(2).joined(separator: "/") {
        case "schedules/schedule": schedules.append(ReadSchedule())
        case "links/link": schedules[schedules.count - 1].links.append(ReadLink())
        case "parts/part": schedules[schedules.count - 1].links[schedules[schedules.count - 1].links.count - 1].parts.append([:])
        case "candidates/station": schedules[schedules.count - 1].candidates.append([:])
        default: break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        let parent = path.dropLast().last ?? ""
        let last = schedules.count - 1
        switch parent {
        case "schedule" where !["links", "error"].contains(name): schedules[last].fields[name] = text
        case "error": if name != "candidates" { schedules[last].error[name] = text }
        case "station": schedules[last].candidates[schedules[last].candidates.count - 1][name] = text
        case "link" where !["parts", "products"].contains(name): schedules[last].links[schedules[last].links.count - 1].fields[name] = text
        case "products": schedules[last].links[schedules[last].links.count - 1].products.append(text)
        case "part":
            let link = schedules[last].links.count - 1
            schedules[last].links[link].parts[schedules[last].links[link].parts.count - 1][name] = text
        default: break
        }
        path.removeLast()
        text = ""
    }

    /// The same data from the JSON form, values as the XML writes them.
    static func fromJSON(_ object: [String: Any]) -> [ReadSchedule] {
        func string(_ value: Any) -> String {
            if let bool = value as? Bool, type(of: value) == type(of: true as AnyObject) { return bool ? "true" : "false" }
            return "\(value)"
        }
        func leaves(_ object: [String: Any], skipping: Set<String>) -> [String: String] {
            object.filter { !skipping.contains($0.key) }.mapValues(string)
        }
        return (object["schedules"] as? [[String: Any]] ?? []).map { schedule in
            var read = ReadSchedule(fields: leaves(schedule, skipping: ["links", "error"]))
            if let error = schedule["error"] as? [String: Any] {
                read.error = leaves(error, skipping: ["candidates"])
                read.candidates = (error["candidates"] as? [[String: Any]] ?? []).map { leaves($0, skipping: []) }
            }
            read.links = (schedule["links"] as? [[String: Any]] ?? []).map { link in
                ReadLink(
                    fields: leaves(link, skipping: ["parts", "products"]),
                    products: (link["products"] as? [Any] ?? []).map(string),
                    parts: (link["parts"] as? [[String: Any]] ?? []).map { leaves($0, skipping: []) })
            }
            return read
        }
    }
}

/// Validates XML against an XML Schema with `xmllint --schema`: nil when valid, else its message.
///
/// xmllint runs off the cooperative pool: a test blocked on it must not keep the server's async
/// handlers, which other tests running beside it wait for, from a thread.
enum XMLSchemaCheck {
    static func validate(_ document: [UInt8], schema: String) async throws -> String? {
        try await offPool { try validateBlocking(document, schema: schema) }
    }

    private static func validateBlocking(_ document: [UInt8], schema: String) throws -> String? {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gottago-xsd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let schemaFile = directory.appendingPathComponent("schema.xsd"), documentFile = directory.appendingPathComponent("document.xml")
        try Data(schema.utf8).write(to: schemaFile)
        try Data(document).write(to: documentFile)
        let result = try ChildProcess.run("/usr/bin/xmllint", arguments: ["--noout", "--nonet", "--schema", schemaFile.path, documentFile.path])
        let message = String(decoding: result.err, as: UTF8.self)
        return result.status == 0 ? nil : message
    }
}
