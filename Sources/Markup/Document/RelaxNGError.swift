/// Why a RelaxNG schema does not compile or a document does not match it.
///
/// ```swift
/// catch where error.kind == .invalid { print("\(path):\(error.line ?? 0): \(error.message)") }
/// ```
public struct RelaxNGError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure, open to new members.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        private let name: String

        /// The schema itself does not compile.
        public static let invalidSchema = Kind(name: "invalid_schema")
        /// The document is not well-formed XML.
        public static let malformed = Kind(name: "malformed")
        /// The document is XML but does not match the schema.
        public static let invalid = Kind(name: "invalid")
        /// libxml2 could not set up a validation (out of memory).
        public static let validator = Kind(name: "validator")

        public var description: String { name }
    }

    /// The kind of failure.
    public let kind: Kind
    /// libxml2's own words for the first problem, or a short fallback when it gave none.
    public let message: String
    /// The line in the schema or document (1-based), when known.
    public let line: Int?

    init(_ kind: Kind, _ message: String, line: Int?) {
        self.kind = kind
        self.message = message
        self.line = line == 0 ? nil : line
    }

    public var description: String {
        if let line { return "\(message) (line \(line))" }
        return message
    }
}
