import Foundation
import HTTPTesting
import Markup
import Testing
@testable import API

/// Checks a served document against the schemas derived from its declaration: XML against the
/// XSDs declaring its root element (with `xmllint --schema`), JSON against the JSON Schema.
///
/// `LiveApp.get` runs it on every response, so every document the API tests produce is checked;
/// documents no schema declares (route results, `/api`) and error documents in JSON (RFC 9457,
/// not a mirror of a tree) are left alone.
enum DocumentCheck {
    /// Nil when the response is valid or not a declared document, else what is wrong.
    static func problem(in response: TestResponse) async throws -> String? {
        guard response.header("Content-Encoding") == nil, !response.body.isEmpty else { return nil }
        let type = response.header("Content-Type") ?? ""
        if type.hasPrefix("application/xml") {
            return try await xmlProblem(response.body)
        }
        if type.hasPrefix("application/json") {
            return try jsonProblem(response.body)
        }
        return nil
    }

    /// Nil when the XML validates against one of the XSDs declaring its root, or none declares it.
    static func xmlProblem(_ body: [UInt8]) async throws -> String? {
        guard let root = rootName(body) else { return "no root element" }
        let files = PublishedSchemas.files(declaring: root)
        guard !files.isEmpty else { return nil }
        var problems: [String] = []
        for file in files {
            guard let problem = try await XMLSchemaCheck.validate(body, schema: file.xsd) else { return nil }
            problems.append("\(file.path): \(problem)")
        }
        return problems.joined(separator: "\n")
    }

    /// Nil when the JSON matches the JSON Schema of one of the documents named by its only key.
    static func jsonProblem(_ body: [UInt8]) throws -> String? {
        guard let object = try JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed]) as? [String: Any],
              object.count == 1, let root = object.keys.first
        else { return nil }
        let declarations = PublishedSchemas.files(declaring: root).flatMap { $0.documents.filter { $0.name == root } }
        guard !declarations.isEmpty else { return nil }
        var problems: [String] = []
        for declaration in declarations {
            guard let problem = JSONSchemaCheck.problem(object, schema: declaration.documentJSONSchema()) else { return nil }
            problems.append(problem)
        }
        return problems.joined(separator: "\n")
    }

    /// The name of the first element, after the XML declaration.
    static func rootName(_ body: [UInt8]) -> String? {
        var index = 0
        while index < body.count {
            if body[index] == UInt8(ascii: "<"), index + 1 < body.count, body[index + 1] != UInt8(ascii: "?"), body[index + 1] != UInt8(ascii: "!") {
                var end = index + 1
                while end < body.count, ![UInt8(ascii: " "), UInt8(ascii: ">"), UInt8(ascii: "/"), 0x0A, 0x09].contains(body[end]) { end += 1 }
                return String(decoding: body[(index + 1)..<end], as: UTF8.self)
            }
            index += 1
        }
        return nil
    }
}

/// The part of JSON Schema the derived schemas use: `type`, `properties`, `required`, `items`,
/// `minItems`, `enum`, `minimum`, `maximum` and `pattern`.
enum JSONSchemaCheck {
    /// Nil when `value` matches `schema`, else the first mismatch with its JSON pointer.
    static func problem(_ value: Any, schema: JSONValue, at path: String = "") -> String? {
        if case .string(let type)? = schema["type"], let mismatch = typeMismatch(value, type) {
            return "\(path.isEmpty ? "/" : path): \(mismatch)"
        }
        if case .array(let allowed)? = schema["enum"], let text = value as? String, !allowed.contains(.string(text)) {
            return "\(path): \"\(text)\" is not one of \(allowed)"
        }
        if let number = value as? NSNumber, !isBoolean(number) {
            let number = number.doubleValue
            if case .int(let minimum)? = schema["minimum"], number < Double(minimum) { return "\(path): \(number) < \(minimum)" }
            if case .int(let maximum)? = schema["maximum"], number > Double(maximum) { return "\(path): \(number) > \(maximum)" }
        }
        if case .string(let pattern)? = schema["pattern"], let text = value as? String,
           text.range(of: pattern, options: .regularExpression) == nil {
            return "\(path): \"\(text)\" does not match \(pattern)"
        }
        if let object = value as? [String: Any] {
            if case .array(let required)? = schema["required"] {
                for case .string(let name) in required where object[name] == nil { return "\(path): \(name) is missing" }
            }
            guard case .object(let properties)? = schema["properties"] else { return nil }
            for (key, member) in object {
                guard let property = properties.first(where: { $0.name == key }) else { return "\(path): \(key) is not declared" }
                if let problem = problem(member, schema: property.value, at: path + "/" + key) { return problem }
            }
        }
        if let array = value as? [Any] {
            if case .int(let minimum)? = schema["minItems"], array.count < minimum { return "\(path): fewer than \(minimum) items" }
            guard let items = schema["items"] else { return nil }
            for (index, item) in array.enumerated() {
                if let problem = problem(item, schema: items, at: path + "/\(index)") { return problem }
            }
        }
        return nil
    }

    static func typeMismatch(_ value: Any, _ type: String) -> String? {
        let matches: Bool
        switch type {
        case "object": matches = value is [String: Any]
        case "array": matches = value is [Any]
        case "string": matches = value is String
        case "boolean": matches = (value as? NSNumber).map(isBoolean) ?? false
        case "integer": matches = (value as? NSNumber).map { !isBoolean($0) && $0.doubleValue == $0.doubleValue.rounded() } ?? false
        case "number": matches = (value as? NSNumber).map { !isBoolean($0) } ?? false
        default: matches = true
        }
        return matches ? nil : "\(value) is not of type \(type)"
    }

    /// Whether JSONSerialization read `true` or `false` (a boolean NSNumber of its own class).
    static func isBoolean(_ number: NSNumber) -> Bool {
        String(describing: type(of: number)).contains("Boolean")
    }
}
