#if canImport(Glibc)
internal import Glibc
#endif

/// A failed child-process operation: what went wrong, the `errno` it came with, and the executable.
///
/// Compare `kind` rather than messages:
///
/// ```swift
/// do { _ = try ChildProcess.run("/nonexistent") } catch { #expect(error.kind == .spawn) }
/// ```
public struct ChildProcessError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The category of a failure; a struct over a private enum so categories can grow.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        private enum Base: String, Sendable, Hashable {
            case spawn, pipe, read, wait, signal
        }

        private let base: Base

        /// `posix_spawn` failed: no such executable, not executable, out of processes.
        public static let spawn = Kind(base: .spawn)
        /// Creating a pipe or preparing the child's file actions failed.
        public static let pipe = Kind(base: .pipe)
        /// Reading the child's standard output or standard error failed.
        public static let read = Kind(base: .read)
        /// `waitpid` failed.
        public static let wait = Kind(base: .wait)
        /// `kill` failed.
        public static let signal = Kind(base: .signal)

        /// The category name, e.g. `spawn`.
        public var description: String { base.rawValue }
    }

    /// The category of the failure.
    public let kind: Kind
    /// The `errno` (or the error number `posix_spawn` returned).
    public let code: Int32
    /// The failed call and `strerror(code)`.
    public let message: String
    /// The executable the child runs (or was to run).
    public let path: String

    init(_ kind: Kind, code: Int32, call: String, path: String) {
        self.kind = kind
        self.code = code
        self.message = "\(call): \(String(cString: strerror(code)))"
        self.path = path
    }

    /// A one-line summary: kind, code, message and executable.
    public var description: String {
        "ChildProcessError.\(kind) (errno \(code)): \(message) [\(path)]"
    }
}

extension ChildProcessError {
    /// Throws for a call that returns -1 and sets `errno`; returns its result otherwise.
    @discardableResult
    static func check(_ result: Int32, _ kind: Kind, _ call: String, path: String) throws(ChildProcessError) -> Int32 {
        guard result == -1 else { return result }
        throw ChildProcessError(kind, code: errno, call: call, path: path)
    }

    /// Throws for a call that returns an error number (the `posix_spawn` family).
    static func checkResult(_ result: Int32, _ kind: Kind, _ call: String, path: String) throws(ChildProcessError) {
        guard result != 0 else { return }
        throw ChildProcessError(kind, code: result, call: call, path: path)
    }
}
