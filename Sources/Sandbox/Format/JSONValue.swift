import Markup

/// A JSON document a simulator builds before writing it, so that it can be trimmed first (a
/// Google field mask) and written the way the real server writes it.
///
/// ```swift
/// let value = JSONValue.object([("code", .number("403")), ("status", .string("PERMISSION_DENIED"))])
/// value.text()   // "{\n  \"code\": 403,\n  \"status\": \"PERMISSION_DENIED\"\n}\n"
/// ```
indirect enum JSONValue: Sendable {
    /// Members in order.
    case object([(String, JSONValue)])
    case array([JSONValue])
    case string(String)
    /// A number already written as JSON.
    case number(String)
    case bool(Bool)

    /// A whole number.
    static func integer(_ value: Int) -> JSONValue { .number(String(value)) }

    /// The text: `indent` spaces per level and a line per member or item, as Google's servers
    /// write their answers, then a line feed; compact without one when `indent` is 0.
    func text(indent: Int = 2) -> String {
        var out = ""
        write(into: &out, indent: indent, depth: 0)
        return indent > 0 ? out + "\n" : out
    }

    /// The text's UTF-8 bytes.
    func bytes(indent: Int = 2) -> [UInt8] {
        Array(text(indent: indent).utf8)
    }

    private func write(into out: inout String, indent: Int, depth: Int) {
        let newline = indent > 0 ? "\n" : ""
        func pad(_ level: Int) -> String { String(repeating: " ", count: indent * level) }
        switch self {
        case .object(let members):
            guard !members.isEmpty else {
                out += "{}"
                return
            }
            out += "{" + newline
            for (index, (name, value)) in members.enumerated() {
                out += pad(depth + 1) + "\"" + JSONRenderer.escaped(name) + "\":" + (indent > 0 ? " " : "")
                value.write(into: &out, indent: indent, depth: depth + 1)
                out += (index < members.count - 1 ? "," : "") + newline
            }
            out += pad(depth) + "}"
        case .array(let items):
            guard !items.isEmpty else {
                out += "[]"
                return
            }
            out += "[" + newline
            for (index, item) in items.enumerated() {
                out += pad(depth + 1)
                item.write(into: &out, indent: indent, depth: depth + 1)
                out += (index < items.count - 1 ? "," : "") + newline
            }
            out += pad(depth) + "]"
        case .string(let text):
            out += "\"" + JSONRenderer.escaped(text) + "\""
        case .number(let text):
            out += text
        case .bool(let value):
            out += value ? "true" : "false"
        }
    }
}
