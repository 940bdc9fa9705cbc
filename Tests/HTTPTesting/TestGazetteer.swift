#if canImport(Glibc)
import Glibc
#endif
public import Store

/// The embedded gazetteer for tests: one database per machine and data version, in a fixed
/// folder under /tmp (the gazetteer names its file by the data's hash and builds it atomically,
/// so concurrent test processes share it), opened once per process on a thread of its own (the
/// first build is seconds of SQLite work the cooperative pool must not wait on).
public enum TestGazetteer {
    /// The folder of the shared database.
    public static let directory = "/tmp/gottago-test-gazetteer-\(getuid())"

    private static let opening = Task { try await offPool { try Gazetteer.open(.init(directory: directory)) } }

    /// The shared gazetteer.
    public static var shared: Gazetteer {
        get async throws { try await opening.value }
    }
}
