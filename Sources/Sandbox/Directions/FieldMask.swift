/// A response field mask as Google's APIs read it from `X-Goog-FieldMask` (or the `fields`
/// parameter): comma-separated dotted paths of field names, in lowerCamelCase or snake_case;
/// `*` stands for every field. A path keeps its field with everything below it; repeated fields
/// are walked through (`routes.legs.steps.distanceMeters` keeps that field in every step of
/// every leg); a path that names no field keeps nothing, as Google ignores it.
///
/// ```swift
/// let mask = try FieldMask("routes.duration,routes.polyline")
/// mask.apply(to: answer)   // routes with only duration and polyline
/// ```
struct FieldMask: Sendable, Equatable {
    /// Why a mask was refused.
    struct Refusal: Error, Equatable {
        let message: String
    }

    /// The longest mask read.
    static let maximumLength = 4096

    /// Everything below this point is kept.
    private var everything = false
    /// The fields kept below this point, by name.
    private var fields: [String: FieldMask] = [:]

    private init() {}

    /// Reads a mask; an empty one, or one with an empty or malformed path, is refused.
    init(_ text: String) throws(Refusal) {
        guard text.utf8.count <= Self.maximumLength else { throw Refusal(message: "The field mask is longer than \(Self.maximumLength) characters.") }
        let paths = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingSpaces }
        guard !Substring(text).trimmingSpaces.isEmpty else { throw Refusal(message: "The field mask is empty.") }
        for path in paths {
            let names = path.split(separator: ".", omittingEmptySubsequences: false)
            guard !path.isEmpty, names.allSatisfy({ $0 == "*" || Self.isFieldName($0) }) else {
                throw Refusal(message: "Invalid field mask path \"\(path.prefix(100))\".")
            }
            insert(names.map { Self.camelCased($0) })
        }
    }

    private mutating func insert(_ names: [String]) {
        guard let first = names.first, first != "*" else {
            everything = true
            return
        }
        var child = fields[first] ?? FieldMask()
        if names.count == 1 { child.everything = true } else { child.insert(Array(names.dropFirst())) }
        fields[first] = child
    }

    /// The value with only the masked fields; nil when nothing of it is kept.
    func apply(to value: JSONValue) -> JSONValue? {
        if everything { return value }
        switch value {
        case .object(let members):
            return .object(members.compactMap { name, member in
                fields[name].flatMap { $0.apply(to: member) }.map { (name, $0) }
            })
        case .array(let items):
            return .array(items.compactMap { apply(to: $0) })
        case .string, .number, .bool:
            // A path that goes on below a plain value names nothing.
            return nil
        }
    }

    private static func isFieldName(_ name: Substring) -> Bool {
        guard let first = name.utf8.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first)
        else { return false }
        return name.utf8.count <= 64 && name.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
        }
    }

    /// `distance_meters` as the JSON name `distanceMeters`.
    static func camelCased(_ name: some StringProtocol) -> String {
        var out = ""
        var upper = false
        for character in name {
            if character == "_" {
                upper = true
            } else {
                out += upper ? character.uppercased() : String(character)
                upper = false
            }
        }
        return out
    }
}
