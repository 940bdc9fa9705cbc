/// An error of a kind, with a sentence saying what happened: the shape of the errors whose
/// context is all in their message.
///
/// An error type is this struct over the type whose errors it carries, and names its kinds on
/// ``ErrorKind``:
///
/// ```swift
/// public typealias StationDirectoryError = KindedError<StationDirectory>
/// extension ErrorKind<StationDirectory> {
///     public static var database: Self { Self("database") }
/// }
/// throw StationDirectoryError(kind: .database, message: "disk I/O error (10)")
/// ```
public struct KindedError<Owner>: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure, open to new members.
    public typealias Kind = ErrorKind<Owner>

    /// The kind of failure.
    public let kind: Kind
    /// What happened, with the words of the library or backend that failed where it gave any.
    public let message: String

    /// Creates an error.
    public init(kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }

    /// The kind and the message.
    public var description: String { "\(kind): \(message)" }
}
