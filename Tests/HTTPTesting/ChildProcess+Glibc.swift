#if canImport(Glibc)
internal import Glibc
#endif

/// The glibc calls that Swift's `Glibc` module leaves out.
///
/// `pipe2` and `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34) are declared only under
/// `_GNU_SOURCE`/`__USE_MISC`, which the module map does not define; they are looked up once by
/// name and called through their C prototypes
/// (<https://man7.org/linux/man-pages/man2/pipe.2.html>,
/// <https://sourceware.org/glibc/manual/latest/html_node/Creating-a-Process.html>).
extension ChildProcess {
    private typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    private static let pipe2: Pipe2? = dlsym(nil, "pipe2").map { unsafeBitCast($0, to: Pipe2.self) }
    private static let addCloseFrom: AddCloseFrom? = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np")
        .map { unsafeBitCast($0, to: AddCloseFrom.self) }

    /// A pipe whose two ends are close-on-exec from the start, so that no child spawned meanwhile
    /// by another thread inherits them: `(read, write)`.
    static func closeOnExecPipe(path: String) throws(ChildProcessError) -> (read: Int32, write: Int32) {
        guard let pipe2 else { throw ChildProcessError(.pipe, code: ENOSYS, call: "pipe2", path: path) }
        var ends: [Int32] = [-1, -1]
        try ChildProcessError.check(pipe2(&ends, O_CLOEXEC), .pipe, "pipe2", path: path)
        return (ends[0], ends[1])
    }

    /// Adds "close every descriptor from `lowest` up" to the child's file actions.
    static func addCloseFrom(
        _ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, lowest: Int32, path: String
    ) throws(ChildProcessError) {
        guard let addCloseFrom else {
            throw ChildProcessError(.pipe, code: ENOSYS, call: "posix_spawn_file_actions_addclosefrom_np", path: path)
        }
        try ChildProcessError.checkResult(addCloseFrom(actions, lowest), .pipe, "posix_spawn_file_actions_addclosefrom_np", path: path)
    }

    /// The `waitpid` status decoded as `WIFEXITED`/`WEXITSTATUS`/`WTERMSIG`, macros Swift cannot import.
    static func decode(waitStatus status: Int32) -> (reason: TerminationReason, status: Int32) {
        let low = status & 0x7F
        return low == 0 ? (.exit, (status >> 8) & 0xFF) : (.signal, low)
    }
}
