/// Why the gazetteer could not be opened or could not answer.
public struct GazetteerError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Code: String, Sendable {
        case invalidCoordinate = "invalid_coordinate"
        case corruptData = "corrupt_data"
        case file
        case database
    }

    private let code: Code
    /// What happened, with the path, SQLite's words or the line of the data at fault.
    public let message: String

    private init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// A latitude or longitude that is not a number or lies off the globe.
    public static let invalidCoordinate = GazetteerError(.invalidCoordinate, "")
    /// The embedded data does not read as the derive script writes it.
    public static let corruptData = GazetteerError(.corruptData, "")
    /// The directory or a file in it could not be created, renamed or read.
    public static let file = GazetteerError(.file, "")
    /// SQLite failed.
    public static let database = GazetteerError(.database, "")

    /// The kind's snake_case name, as logs and metrics show it.
    public var kind: String { code.rawValue }

    /// The same kind of error with `message`.
    func with(_ message: String) -> GazetteerError { GazetteerError(code, message) }

    /// Whether `other` is of the same kind, whatever its message.
    public func isKind(of other: GazetteerError) -> Bool { code == other.code }

    /// The kind and the message.
    public var description: String { message.isEmpty ? kind : "\(kind): \(message)" }

    static func invalidCoordinate(latitude: Double, longitude: Double) -> GazetteerError {
        invalidCoordinate.with("latitude \(latitude), longitude \(longitude) is not a position on the globe")
    }

    /// SQLite's failure, as the station directory's helpers report it.
    init(_ error: StationDirectoryError) {
        self.init(.database, error.message)
    }
}
