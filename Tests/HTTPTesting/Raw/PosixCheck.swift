#if canImport(Glibc)
internal import Glibc
#endif

/// Turns POSIX `-1` results into `HTTPTestError`s carrying `errno`; the only reader of `errno` here.
enum PosixCheck {
    /// Returns `result`, or throws with the current `errno` when it is negative.
    @discardableResult
    static func check<T: BinaryInteger>(_ result: T, _ what: @autoclosure () -> String, url: String = "") throws(HTTPTestError) -> T {
        guard result < 0 else { return result }
        throw error(errno, what(), url: url)
    }

    /// An error for `code`; `kind` defaults to a classification that tells refused and reset apart.
    static func error(_ code: Int32, _ what: String, url: String = "", kind: HTTPTestError.Kind? = nil) -> HTTPTestError {
        let message = "\(what): \(String(cString: strerror(code)))"
        return HTTPTestError(kind: kind ?? classify(code), code: Int(code), message: message, url: url)
    }

    private static func classify(_ code: Int32) -> HTTPTestError.Kind {
        switch code {
        case ECONNREFUSED: .connectionRefused
        case ECONNRESET, EPIPE: .connectionReset
        case ETIMEDOUT: .timedOut
        default: .socket
        }
    }
}
