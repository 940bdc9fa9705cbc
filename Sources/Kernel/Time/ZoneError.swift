/// Why a time zone could not be loaded: a bad name, a zone the system lacks, or a file that is not TZif.
public struct ZoneError: Error, Sendable, CustomStringConvertible {
    /// A sentence naming the zone and what is wrong with it.
    public let message: String

    /// The message.
    public var description: String { message }

    /// Creates an error with a message.
    public init(_ message: String) {
        self.message = message
    }
}
