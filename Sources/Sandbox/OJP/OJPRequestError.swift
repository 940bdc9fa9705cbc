/// Why a request body is not an OJP request the sandbox can answer.
public struct OJPRequestError: Error, Sendable, Equatable, CustomStringConvertible {
    private enum Kind: Equatable { case tooLarge, unreadable, unsupported }
    private let kind: Kind
    /// What is wrong.
    public let message: String

    /// The body has more than ``OJPRequest/maximumBodySize`` bytes; it was not read.
    public static func tooLarge(_ size: Int) -> OJPRequestError {
        OJPRequestError(kind: .tooLarge, message: "the request has \(size) bytes; at most \(OJPRequest.maximumBodySize) are read")
    }

    /// The body is not well-formed XML (or nests deeper than a request does).
    public static func unreadable(_ message: String) -> OJPRequestError { OJPRequestError(kind: .unreadable, message: message) }

    /// The XML is not an OJP trip, location or stop event request.
    public static func unsupported(_ message: String) -> OJPRequestError { OJPRequestError(kind: .unsupported, message: message) }

    /// Whether the body could not be read as XML at all (the service then answers 400).
    public var isUnreadable: Bool { kind == .unreadable }

    public var description: String { message }
}
