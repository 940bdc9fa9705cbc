import Compression
import Synchronization

/// A response body shared by many responses, with its ETag and gzip form computed once.
///
/// Used for fixed documents and, later, cached ones: both forms are handed to libmicrohttpd
/// without a copy.
public final class PreparedBody: Sendable {
    /// The uncompressed bytes.
    public let bytes: [UInt8]
    /// The strong ETag over `bytes`.
    public let etag: String
    /// The uncompressed bytes, where libmicrohttpd can send them from.
    public let shared: SharedBytes
    private let gzipped = Mutex<SharedBytes?>(nil)

    /// Prepares a body, computing its ETag now.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        etag = ETag.compute(bytes)
        shared = SharedBytes(bytes)
    }

    /// Bytes it holds: the body, its copy for sending and its gzip form once made.
    public var heldBytes: Int { bytes.count + shared.count + (gzipped.withLock { $0?.count } ?? 0) }

    /// The gzip form, compressed on first use.
    public func gzip() -> SharedBytes {
        if let done = gzipped.withLock({ $0 }) { return done }
        let compressed = SharedBytes(Gzip.compress(bytes))
        gzipped.withLock { $0 = compressed }
        return compressed
    }
}
