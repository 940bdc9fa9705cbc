/// Why a document could not be parsed or queried.
///
/// ```swift
/// do { _ = try Document.parse(bytes, as: .xml) }
/// catch where error.kind == .tooLarge { … }
/// ```
public struct DocumentError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure, open to new members.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        private let name: String

        /// The input is larger than the limit.
        public static let tooLarge = Kind(name: "too_large")
        /// The element tree is deeper than the limit.
        public static let tooDeep = Kind(name: "too_deep")
        /// The bytes are not a document of the expected format.
        public static let malformed = Kind(name: "malformed")
        /// An XPath expression does not compile or cannot be evaluated.
        public static let invalidXPath = Kind(name: "invalid_xpath")
        /// An XPath evaluation needed more steps than allowed.
        public static let xpathLimit = Kind(name: "xpath_limit")

        public var description: String { name }
    }

    /// The kind of failure.
    public let kind: Kind
    /// What went wrong, with libxml2's own words where it gave any.
    public let message: String
    /// The input line, when known (1-based).
    public let line: Int?

    init(_ kind: Kind, _ message: String, line: Int? = nil) {
        self.kind = kind
        self.message = message
        self.line = line
    }

    public var description: String {
        if let line { return "\(message) (line \(line))" }
        return message
    }
}
