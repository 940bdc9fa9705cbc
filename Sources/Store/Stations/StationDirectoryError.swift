/// Why a station directory could not be built or could not answer.
public struct StationDirectoryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure, open to new members.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        private let name: String

        /// A latitude or longitude that is not a number or lies off the globe.
        public static let invalidCoordinate = Kind(name: "invalid_coordinate")
        /// A station the directory cannot hold: a duplicate or empty id, a position off the globe.
        public static let invalidStation = Kind(name: "invalid_station")
        /// SQLite failed; the message carries its words and result code.
        public static let database = Kind(name: "database")

        /// The kind's snake_case name, as logs and metrics show it.
        public var description: String { name }
    }

    /// The kind of failure.
    public let kind: Kind
    /// What happened.
    public let message: String

    /// Creates an error.
    public init(kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }

    /// The kind and the message.
    public var description: String { "\(kind): \(message)" }
}
