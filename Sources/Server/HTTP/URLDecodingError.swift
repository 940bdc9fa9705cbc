/// A percent-encoded path segment or query component that cannot be decoded, answered as 400.
///
/// Equality compares the kind of failure only, so `error == .invalidEscape` reads naturally;
/// the parameter name is context for the message.
public struct URLDecodingError: HTTPResponseError, Hashable, CustomStringConvertible {
    private enum Kind: Hashable {
        case invalidEscape
        case invalidUTF8
        case controlCharacter
        case tooManyParameters(limit: Int)
    }

    private let kind: Kind

    /// The path or query parameter whose raw text failed, when known.
    public private(set) var parameter: String?

    private init(_ kind: Kind) {
        self.kind = kind
    }

    /// A `%` not followed by two hex digits.
    public static let invalidEscape = URLDecodingError(.invalidEscape)

    /// The decoded bytes are not well-formed UTF-8 (overlong, surrogate, truncated or out of range).
    public static let invalidUTF8 = URLDecodingError(.invalidUTF8)

    /// The decoded text holds a C0 control character or DEL, which no parameter may contain.
    public static let controlCharacter = URLDecodingError(.controlCharacter)

    /// The query string has more parameters than the limit.
    public static func tooManyParameters(limit: Int) -> URLDecodingError {
        URLDecodingError(.tooManyParameters(limit: limit))
    }

    /// The same error, naming the parameter it happened in.
    public func naming(_ parameter: String) -> URLDecodingError {
        var named = self
        named.parameter = parameter
        return named
    }

    /// Always 400: the client sent the bad bytes.
    public var status: Int { 400 }

    /// A stable machine code for the error document.
    public var code: String {
        switch kind {
        case .invalidEscape: "invalid_percent_escape"
        case .invalidUTF8: "invalid_utf8"
        case .controlCharacter: "control_character"
        case .tooManyParameters: "too_many_parameters"
        }
    }

    /// A message naming the parameter and what was wrong with it.
    public var message: String {
        let subject = parameter.map { "Parameter '\($0)'" } ?? "The request target"
        switch kind {
        case .invalidEscape: return "\(subject) has a '%' that is not followed by two hex digits."
        case .invalidUTF8: return "\(subject) does not decode to valid UTF-8."
        case .controlCharacter: return "\(subject) contains a control character."
        case .tooManyParameters(let limit): return "The query has more than \(limit) parameters."
        }
    }

    /// The code and message, for logs.
    public var description: String { "\(code): \(message)" }

    /// Whether both are the same kind of failure, whatever their context.
    public static func == (lhs: URLDecodingError, rhs: URLDecodingError) -> Bool {
        lhs.kind == rhs.kind
    }

    /// Hashes the kind of failure, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
    }
}
