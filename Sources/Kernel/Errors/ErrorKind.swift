/// The kind of an error: a stable snake_case name, as logs, metrics and tests compare it, from
/// a set that the error type owning it can grow without breaking callers.
///
/// `Owner` keeps each error type's kinds apart; the owner names its kinds in an extension:
///
/// ```swift
/// extension ErrorKind<FetchError> {
///     /// The upstream did not answer in time.
///     public static var timeout: Self { Self("timeout") }
/// }
/// // catch where error.kind == .timeout { … }
/// ```
public struct ErrorKind<Owner>: Sendable, Hashable, CustomStringConvertible {
    /// The snake_case name.
    public let name: String

    /// A kind called `name`; only the package's own error types make kinds.
    package init(_ name: String) {
        self.name = name
    }

    /// The snake_case name.
    public var description: String { name }
}
