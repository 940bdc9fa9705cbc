import Foundation

/// A parsed JSON value that keeps the distinctions we render: ints, doubles and bools differ.
enum JSONValue: Equatable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([String: JSONValue])

    /// Parses `bytes` with Foundation's `JSONSerialization`, an independent RFC 8259 parser.
    init(parsing bytes: [UInt8]) throws {
        try self.init(JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]))
    }

    private init(_ object: Any) throws {
        switch object {
        case let string as String:
            self = .string(string)
        case let array as [Any]:
            self = try .array(array.map(JSONValue.init))
        case let dictionary as [String: Any]:
            self = try .object(dictionary.mapValues(JSONValue.init))
        case is NSNull:
            self = .null
        case let number as NSNumber:
            // corelibs-foundation gives bools their own NSNumber subclass and doubles type "d".
            if type(of: number) == type(of: NSNumber(value: true)) {
                self = .bool(number.boolValue)
            } else if String(cString: number.objCType) == "d" {
                self = .double(number.doubleValue)
            } else {
                self = .int(number.intValue)
            }
        default:
            throw CocoaError(.coderInvalidValue)
        }
    }
}
