/// Why a cache could not be configured, or why a backend command failed.
///
/// Only configuration errors reach callers; backend failures become a degraded `CacheStatus`.
public struct CacheError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure, open to new members.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        private let name: String

        /// A `--cache` value or Redis URL that cannot be used.
        public static let invalidConfiguration = Kind(name: "invalid_configuration")
        /// The backend could not be reached (refused, unresolvable, connect timeout).
        public static let unreachable = Kind(name: "unreachable")
        /// The connection broke; it is dropped.
        public static let connectionLost = Kind(name: "connection_lost")
        /// The backend did not answer within the command timeout; the connection is dropped.
        public static let timeout = Kind(name: "timeout")
        /// The backend answered with an error or an unexpected reply.
        public static let reply = Kind(name: "reply")

        /// The kind's snake_case name, as logs and metrics show it.
        public var description: String { name }
    }

    /// The kind of failure.
    public let kind: Kind
    /// What happened, with the backend's words where it gave any.
    public let message: String

    /// Creates an error.
    public init(kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }

    /// The kind and the message.
    public var description: String { "\(kind): \(message)" }
}
