public import Kernel

/// Why a document could not be parsed, queried or checked against a RelaxNG schema: a kind,
/// libxml2's own words where it gave any, and the input line where known.
///
/// ```swift
/// do { _ = try Document.parse(bytes, as: .xml) }
/// catch where error.kind == .tooLarge { … }
/// catch where error.kind == .invalid { print("\(path):\(error.line ?? 0): \(error.message)") }
/// ```
public struct DocumentError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure, open to new members.
    public typealias Kind = ErrorKind<DocumentError>

    /// The kind of failure.
    public let kind: Kind
    /// What went wrong, with libxml2's own words where it gave any, or a short fallback.
    public let message: String
    /// The input line (1-based), when known; libxml2's 0 for "unknown" is nil.
    public let line: Int?

    init(_ kind: Kind, _ message: String, line: Int? = nil) {
        self.kind = kind
        self.message = message
        self.line = line == 0 ? nil : line
    }

    /// The message and the line.
    public var description: String {
        if let line { return "\(message) (line \(line))" }
        return message
    }
}

extension ErrorKind<DocumentError> {
    /// The input is larger than the limit.
    public static var tooLarge: Self { Self("too_large") }
    /// The element tree is deeper than the limit.
    public static var tooDeep: Self { Self("too_deep") }
    /// The bytes are not a document of the expected format (for a RelaxNG check, not well-formed XML).
    public static var malformed: Self { Self("malformed") }
    /// An XPath expression does not compile or cannot be evaluated.
    public static var invalidXPath: Self { Self("invalid_xpath") }
    /// An XPath evaluation needed more steps than allowed.
    public static var xpathLimit: Self { Self("xpath_limit") }
    /// A RelaxNG schema does not compile.
    public static var invalidSchema: Self { Self("invalid_schema") }
    /// The document is XML but does not match the RelaxNG schema.
    public static var invalid: Self { Self("invalid") }
    /// libxml2 could not set up a RelaxNG validation (out of memory).
    public static var validator: Self { Self("validator") }
}
