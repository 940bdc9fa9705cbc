import Foundation
import Server
import Testing

/// The weather APIs' recorded answers in `Routes/<id>/samples/`, and JSON read back for the tests
/// (Foundation's parser; the sandbox itself never reads JSON).
enum JSONSample {
    /// A recorded answer's bytes.
    static func bytes(_ route: String, _ name: String) throws -> [UInt8] {
        let path = TestTimetable.routesDirectory + "/" + route + "/samples/" + name
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// A recorded answer kept with the tests, in `Tests/SandboxTests/Fixtures/`.
    static func fixture(_ name: String) throws -> [UInt8] {
        var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(2)
        return Array(try Data(contentsOf: URL(fileURLWithPath: parts.joined(separator: "/") + "/Fixtures/" + name)))
    }

    /// Parses JSON bytes.
    static func parse(_ bytes: [UInt8]) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
    }

    /// The member names of every object of a document, by depth (1 for the outermost object's),
    /// each depth's names in the order they first appear: two answers with the same members in
    /// the same order give the same lists, whatever their values and layout.
    static func keyOrder(_ bytes: [UInt8]) -> [[String]] {
        var levels: [[String]] = []
        var stack: [UInt8] = []
        var expectKey = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "{"):
                stack.append(byte)
                expectKey = true
            case UInt8(ascii: "["):
                stack.append(byte)
                expectKey = false
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                stack.removeLast()
            case UInt8(ascii: ","):
                expectKey = stack.last == UInt8(ascii: "{")
            case UInt8(ascii: "\""):
                var end = index + 1
                while bytes[end] != UInt8(ascii: "\"") { end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1 }
                if expectKey {
                    let depth = stack.filter { $0 == UInt8(ascii: "{") }.count
                    while levels.count < depth { levels.append([]) }
                    let key = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
                    if !levels[depth - 1].contains(key) { levels[depth - 1].append(key) }
                    expectKey = false
                }
                index = end
            default:
                break
            }
            index += 1
        }
        return levels
    }

    /// An identifying `User-Agent`, as MET's terms ask.
    static let userAgent: HTTPHeaders = [("User-Agent", "gottago-tests/1.0 github.com/gottago")]
}

/// A JSON object's members, or an issue.
func object(_ value: Any?, sourceLocation: SourceLocation = #_sourceLocation) -> [String: Any] {
    guard let object = value as? [String: Any] else {
        Issue.record("not an object: \(String(describing: value).prefix(80))", sourceLocation: sourceLocation)
        return [:]
    }
    return object
}

/// A JSON array's elements, or an issue.
func array(_ value: Any?, sourceLocation: SourceLocation = #_sourceLocation) -> [Any] {
    guard let array = value as? [Any] else {
        Issue.record("not an array: \(String(describing: value).prefix(80))", sourceLocation: sourceLocation)
        return []
    }
    return array
}

/// A JSON number as a Double, or nil.
func number(_ value: Any?) -> Double? {
    (value as? NSNumber)?.doubleValue
}
