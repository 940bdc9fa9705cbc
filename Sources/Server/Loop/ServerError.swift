#if canImport(Glibc)
import Glibc
#endif

/// Why the server could not start.
public struct ServerError: Error, CustomStringConvertible {
    private enum Kind {
        case invalidAddress(String)
        case system(String, Int32)
        case daemon(String)
    }

    private let kind: Kind

    /// The address to listen on is not usable.
    static func invalidAddress(_ message: String) -> ServerError { ServerError(kind: .invalidAddress(message)) }
    /// A system call failed, with its errno.
    static func system(_ call: String, _ code: Int32) -> ServerError { ServerError(kind: .system(call, code)) }
    /// The event loops could not start.
    static func daemon(_ message: String) -> ServerError { ServerError(kind: .daemon(message)) }

    public var description: String {
        switch kind {
        case .invalidAddress(let message): "invalid listen address: \(message)"
        case .system(let call, let code): "\(call) failed: \(String(cString: strerror(code)))"
        case .daemon(let message): "the HTTP server did not start: \(message)"
        }
    }
}
