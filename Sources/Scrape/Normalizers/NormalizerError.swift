import Kernel

/// Why a normalizer chain could not be loaded or a value could not be normalized.
public struct NormalizerError: Error, Sendable, CustomStringConvertible {
    /// A sentence for the route author, naming the normalizer and the offending value.
    public let message: String

    /// The message.
    public var description: String { message }

    /// Creates an error with a message.
    public init(_ message: String) {
        self.message = message
    }

    /// A value quoted for a message, shortened so hostile inputs cannot flood logs.
    static func quoted(_ value: some StringProtocol) -> String {
        messageQuoted(value)
    }
}
