import Markup

extension OpenAPI {
    /// An endpoint's parameters: path ones, query ones, and one object parameter (form, exploded)
    /// for each group of query parameters that go together or exclude each other: a position's
    /// `lat` and `lon`, or the members of a rule.
    static func parameters(_ endpoint: Endpoint) -> [JSONValue] {
        var list: [JSONValue] = []
        var emitted: Set<String> = []
        for parameter in endpoint.parameters {
            // A rule's group stands where its first member is declared.
            if let rule = endpoint.rules.first(where: { $0.names.contains(parameter.name) }) {
                guard emitted.insert(rule.names.joined(separator: "_or_")).inserted else { continue }
                let members = rule.names.compactMap { name in endpoint.parameters.first { $0.name == name } }
                list.append(group(
                    rule.names.joined(separator: "_or_"), required: rule.needsOne,
                    doc: rule.summary(members) + " " + members.map { "`\($0.spoken)`: \($0.doc)" }.joined(separator: " "),
                    schema: ["anyOf": .array(rule.variants(members).map(variant))]))
            } else if case .position = parameter.kind {
                list.append(group(
                    parameter.name, required: parameter.required, doc: parameter.doc + " `lat` and `lon` come together.",
                    schema: reference("schemas", "Position")))
            } else {
                list.append(self.parameter(parameter))
            }
        }
        if endpoint.answersDocuments { list += [reference("parameters", "format"), reference("parameters", "pretty")] }
        return list
    }

    /// One plain parameter.
    static func parameter(_ parameter: Parameter) -> JSONValue {
        var schema = schema(parameter.kind)
        if let value = parameter.defaultValue, case .object(var members) = schema {
            members.append(.init("default", value))
            schema = .object(members)
        }
        if parameter.repeats > 1 { schema = ["type": "array", "items": schema, "maxItems": .int(parameter.repeats)] }
        return [
            "name": .string(parameter.name),
            "in": .string(parameter.location.rawValue),
            "required": .bool(parameter.required),
            "description": .string(parameter.bracketed ? parameter.doc + " Also given as `\(parameter.name)[]`." : parameter.doc),
            "schema": schema,
        ]
    }

    /// Query parameters given as one object's members.
    static func group(_ name: String, required: Bool, doc: String, schema: JSONValue) -> JSONValue {
        [
            "name": .string(name),
            "in": "query",
            "required": .bool(required),
            "description": .string(doc),
            "style": "form",
            "explode": true,
            "schema": schema,
        ]
    }

    /// An object holding exactly the given members.
    static func variant(_ members: [Parameter]) -> JSONValue {
        var properties: [JSONValue.Member] = []
        var required: [JSONValue] = []
        for member in members {
            if case .position = member.kind {
                if case .object(let pair) = positionProperties { properties += pair }
                required += ["lat", "lon"]
            } else {
                properties.append(.init(member.name, schema(member.kind)))
                required.append(.string(member.name))
            }
        }
        return ["type": "object", "properties": .object(properties), "required": .array(required), "additionalProperties": false]
    }

    /// The JSON Schema of one value of a kind: what it allows is what the decoder takes.
    static func schema(_ kind: Parameter.Kind) -> JSONValue {
        switch kind {
        case .integer(let range):
            return ["type": "integer", "minimum": .int(range.lowerBound), "maximum": .int(range.upperBound)]
        case .date:
            return ["type": "string", "pattern": .string("^\(Pattern.date)$")]
        case .time:
            return ["type": "string", "pattern": .string("^\(Pattern.time)$")]
        case .timeOfDay:
            return ["type": "string", "pattern": .string("^\(Pattern.time)\(Pattern.seconds)$")]
        case .dateTime(let space, let seconds):
            return ["type": "string", "pattern": .string("^\(Pattern.date)\(space ? "[T ]" : "T")\(Pattern.time)\(seconds ? Pattern.seconds : "")$")]
        case .number(let range):
            return ["type": "number", "minimum": .double(range.lowerBound), "maximum": .double(range.upperBound)]
        case .choice(let words):
            return ["type": "string", "enum": .array(words.map(JSONValue.string))]
        case .flag:
            return ["type": "string", "enum": ["0", "1", "true", "false"]]
        case .stations:
            return ["type": "string", "pattern": .string(Pattern.trimmedText(maxLength: Parameter.maxStationName))]
        case .placeName(let maxLength):
            return ["type": "string", "pattern": .string(Pattern.trimmedText(maxLength: maxLength))]
        case .text:
            return ["type": "string", "pattern": .string("^\(Pattern.anyCharacter)+$")]
        case .position:
            return positionSchema
        }
    }
}

extension ParameterRule {
    /// Whether the group must be given.
    var needsOne: Bool {
        switch self {
        case .anyOf, .oneOf: true
        case .notTogether, .allOrNone: false
        }
    }

    /// The rule in words.
    func summary(_ members: [Parameter]) -> String {
        let names = members.map { "`\($0.spoken)`" }
        switch self {
        case .anyOf: return "At least one of " + names.joined(separator: ", ") + "."
        case .oneOf: return "Exactly one of " + names.joined(separator: ", ") + "."
        case .notTogether: return "At most one of " + names.joined(separator: ", ") + "."
        case .allOrNone: return "All of " + names.joined(separator: ", ") + ", or none."
        }
    }

    /// The member sets a request may give.
    func variants(_ members: [Parameter]) -> [[Parameter]] {
        switch self {
        case .oneOf:
            return members.map { [$0] }
        case .notTogether:
            return [[]] + members.map { [$0] }
        case .allOrNone:
            return [[], members]
        case .anyOf:
            // Every non-empty subset, in declaration order.
            return (1..<(1 << members.count)).map { mask in members.enumerated().filter { mask & (1 << $0.offset) != 0 }.map(\.element) }
        }
    }
}

/// The regular expressions of the parameter schemas (ECMA 262, as JSON Schema reads them; the
/// same in Python's `re`), written to allow exactly what the decoder takes.
enum Pattern {
    /// A date the decoder takes: 1900–2199, a day that exists in its month.
    static let date =
        "(?:(?:19|20|21)[0-9]{2}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)"
        + "|02-(?:0[1-9]|1[0-9]|2[0-8]))|(?:(?:19|20|21)(?:0[48]|[2468][048]|[13579][26])|2000)-02-29)"

    /// `HH:MM` from 00:00 to 23:59.
    static let time = "(?:[01][0-9]|2[0-3]):[0-5][0-9]"

    /// Optional seconds after a time, with an optional fraction of 1 to 6 digits.
    static let seconds = "(?::[0-5][0-9](?:\\.[0-9]{1,6})?)?"

    /// Control characters (Unicode `Cc`), which no text parameter may hold.
    static let controls = #"\u0000-\u001F\u007F-\u009F"#

    /// White space that is not a control character (Unicode `White_Space` minus `Cc`): trimmed.
    static let space = #" \u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000"#

    /// Any character but a control.
    static let anyCharacter = "[^\(controls)]"

    /// Text that, trimmed of white space, is 1 to `maxLength` characters without controls.
    static func trimmedText(maxLength: Int) -> String {
        let edge = "[^\(controls)\(space)]"
        return "^[\(space)]*\(edge)(?:\(anyCharacter){0,\(maxLength - 2)}\(edge))?[\(space)]*$"
    }
}
