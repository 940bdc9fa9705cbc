import Compression
import Synchronization

/// A response body shared by many responses, with its ETag and gzip form computed once.
///
/// Used for fixed documents and kept answers: both forms are written to the socket without a
/// copy, and the uncompressed bytes are held once, where the connection sends them from.
public final class PreparedBody: Sendable {
    /// The strong ETag over the bytes.
    public let etag: String
    /// The uncompressed bytes, where a connection sends them from.
    public let shared: SharedBytes
    private let gzipped = Mutex<SharedBytes?>(nil)

    /// Prepares a body, computing its ETag now.
    public init(_ bytes: [UInt8]) {
        etag = ETag.compute(bytes)
        shared = SharedBytes(bytes)
    }

    /// The number of uncompressed bytes.
    public var count: Int { shared.count }

    /// A copy of the uncompressed bytes (for tests and in-memory responses; the server sends `shared`).
    public var bytes: [UInt8] { shared.array }

    /// Bytes it holds: the body and its gzip form once made.
    public var heldBytes: Int { shared.count + (gzipped.withLock { $0?.count } ?? 0) }

    /// The gzip form, compressed on first use.
    public func gzip() -> SharedBytes {
        if let done = gzipped.withLock({ $0 }) { return done }
        let compressed = SharedBytes(Gzip.compress(shared.array))
        gzipped.withLock { $0 = compressed }
        return compressed
    }
}
