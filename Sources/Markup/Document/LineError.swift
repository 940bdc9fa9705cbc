public import Kernel

/// An error of libxml2's work on an input: a kind, libxml2's own words where it gave any, and
/// the input line where known.
///
/// An error type is this struct over the type whose errors it carries (``DocumentError``,
/// ``RelaxNGError``), which names its kinds on ``ErrorKind``.
public struct LineError<Owner>: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure, open to new members.
    public typealias Kind = ErrorKind<Owner>

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
