public import Kernel

/// Why a RelaxNG schema does not compile or a document does not match it.
///
/// ```swift
/// catch where error.kind == .invalid { print("\(path):\(error.line ?? 0): \(error.message)") }
/// ```
public typealias RelaxNGError = LineError<RelaxNGSchema>

extension ErrorKind<RelaxNGSchema> {
    /// The schema itself does not compile.
    public static var invalidSchema: Self { Self("invalid_schema") }
    /// The document is not well-formed XML.
    public static var malformed: Self { Self("malformed") }
    /// The document is XML but does not match the schema.
    public static var invalid: Self { Self("invalid") }
    /// libxml2 could not set up a validation (out of memory).
    public static var validator: Self { Self("validator") }
}
