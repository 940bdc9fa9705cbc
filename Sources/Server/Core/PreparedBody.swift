import Synchronization

/// A response body shared by many responses, with its ETag and gzip form computed once.
///
/// Used for fixed documents and, later, cached ones: the per-request cost is then a copy.
public final class PreparedBody: Sendable {
    /// The uncompressed bytes.
    public let bytes: [UInt8]
    /// The strong ETag over `bytes`.
    public let etag: String
    private let gzipped = Mutex<[UInt8]?>(nil)

    /// Prepares a body, computing its ETag now.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        etag = ETag.compute(bytes)
    }

    /// The gzip form, compressed on first use.
    public func gzip() -> [UInt8] {
        if let done = gzipped.withLock({ $0 }) { return done }
        let compressed = Gzip.compress(bytes)
        gzipped.withLock { $0 = compressed }
        return compressed
    }
}
