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
        var parts: [ReadPart] = []
        var alerts: [[String: String]] = []
    }

    struct ReadPart: Equatable {
        var fields: [String: String] = [:]
        var stops: [[String: String]] = []
        var alerts: [[String: String]] = []
    }

    /// The elements that hold lists rather than text.
    static let lists: Set<String> = ["links", "error", "parts", "products", "stops", "alerts"]

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
        case "parts/part": schedules[schedules.count - 1].links[schedules[schedules.count - 1].links.count - 1].parts.append(ReadPart())
        case "candidates/station": schedules[schedules.count - 1].candidates.append([:])
        case "stops/stop": updatePart { $0.stops.append([:]) }
        case "alerts/alert" where path.dropLast(2).last == "part": updatePart { $0.alerts.append([:]) }
        case "alerts/alert": updateLink { $0.alerts.append([:]) }
        default: break
        }
    }

    private func updateLink(_ change: (inout ReadLink) -> Void) {
        let last = schedules.count - 1
        change(&schedules[last].links[schedules[last].links.count - 1])
    }

    private func updatePart(_ change: (inout ReadPart) -> Void) {
        updateLink { link in change(&link.parts[link.parts.count - 1]) }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        let parent = path.dropLast().last ?? ""
        let last = schedules.count - 1
        switch parent {
        case "schedule" where !Self.lists.contains(name): schedules[last].fields[name] = text
        case "error": if name != "candidates" { schedules[last].error[name] = text }
        case "station": schedules[last].candidates[schedules[last].candidates.count - 1][name] = text
        case "link" where !Self.lists.contains(name): updateLink { $0.fields[name] = text }
        case "products": updateLink { $0.products.append(text) }
        case "part" where !Self.lists.contains(name): updatePart { $0.fields[name] = text }
        case "stop": updatePart { $0.stops[$0.stops.count - 1][name] = text }
        case "alert" where path.dropLast(3).last == "part": updatePart { $0.alerts[$0.alerts.count - 1][name] = text }
        case "alert": updateLink { $0.alerts[$0.alerts.count - 1][name] = text }
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
            var read = ReadSchedule(fields: leaves(schedule, skipping: lists))
            if let error = schedule["error"] as? [String: Any] {
                read.error = leaves(error, skipping: ["candidates"])
                read.candidates = (error["candidates"] as? [[String: Any]] ?? []).map { leaves($0, skipping: []) }
            }
            func list(_ object: [String: Any], _ name: String) -> [[String: String]] {
                (object[name] as? [[String: Any]] ?? []).map { leaves($0, skipping: []) }
            }
            read.links = (schedule["links"] as? [[String: Any]] ?? []).map { link in
                ReadLink(
                    fields: leaves(link, skipping: lists),
                    products: (link["products"] as? [Any] ?? []).map(string),
                    parts: (link["parts"] as? [[String: Any]] ?? []).map { part in
                        ReadPart(fields: leaves(part, skipping: lists), stops: list(part, "stops"), alerts: list(part, "alerts"))
                    },
                    alerts: list(link, "alerts"))
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
