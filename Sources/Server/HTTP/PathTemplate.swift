/// A parsed route template such as `/api/sbb/from/{from}/to/{to}` or `/api/map/{to}.svg`.
///
/// Literal segments may hold only characters that need no percent-encoding in a path (RFC 3986
/// `pchar` without `%`), so comparing them byte for byte with the raw path is exact.
struct PathTemplate: Sendable {
    /// One `/`-separated piece of a template.
    enum Segment: Sendable, Equatable {
        case literal([UInt8])
        case parameter(String)
        /// A parameter followed by literal bytes, such as `{to}.svg`: it matches a segment that
        /// ends with the suffix and is longer than it, and captures what comes before.
        case suffixed(String, suffix: [UInt8])

        /// The parameter's name, if the segment captures one.
        var name: String? {
            switch self {
            case .literal: nil
            case .parameter(let name), .suffixed(let name, _): name
            }
        }
    }

    let string: String
    let segments: [Segment]

    var parameterNames: [String] {
        segments.compactMap(\.name)
    }

    init(_ string: String) throws(RouterError) {
        guard string.hasPrefix("/") else { throw .malformed(string, "it must start with '/'") }
        self.string = string
        guard string != "/" else {
            segments = []
            return
        }
        var segments: [Segment] = []
        var names: Set<String> = []
        for piece in string.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            let segment = try Self.parse(piece, in: string)
            if let name = segment.name, !names.insert(name).inserted {
                throw .malformed(string, "parameter {\(name)} occurs twice")
            }
            segments.append(segment)
        }
        self.segments = segments
    }

    private static func parse(_ piece: Substring, in template: String) throws(RouterError) -> Segment {
        guard !piece.isEmpty else { throw .malformed(template, "empty segment (a '//' or a trailing '/')") }
        guard piece.hasPrefix("{") || piece.hasSuffix("}") else {
            guard piece.utf8.allSatisfy(isLiteralByte) else {
                throw .malformed(template, "segment '\(piece)' has a character that must be percent-encoded or '{'/'}' in the middle")
            }
            return .literal(Array(piece.utf8))
        }
        guard piece.hasPrefix("{"), let close = piece.firstIndex(of: "}") else {
            throw .malformed(template, "segment '\(piece)' is not a whole {name} or a {name} and a suffix")
        }
        let name = piece[piece.index(after: piece.startIndex)..<close]
        let suffix = piece[piece.index(after: close)...]
        guard suffix.utf8.allSatisfy(isLiteralByte) else {
            throw .malformed(template, "segment '\(piece)' has a suffix that is not literal characters")
        }
        guard !name.isEmpty else { throw .malformed(template, "empty parameter name '{}'") }
        guard name.utf8.allSatisfy(isNameByte) else {
            throw .malformed(template, "parameter name '\(name)' is not made of letters, digits and '_'")
        }
        return suffix.isEmpty ? .parameter(String(name)) : .suffixed(String(name), suffix: Array(suffix.utf8))
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
            true
        default: false
        }
    }

    private static func isLiteralByte(_ byte: UInt8) -> Bool {
        if isNameByte(byte) { return true }
        return "-.~!$&'()*+,;=:@".utf8.contains(byte)
    }
}
