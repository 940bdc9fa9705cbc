#if canImport(Glibc)
import Glibc
#endif
internal import EmbeddedFiles
public import Model
import Synchronization
import Kernel

/// The embedded offline gazetteer: every place of 1,000 people or more (GeoNames) and every
/// active US ZIP code, in SQLite, by name, by ZIP code and by position.
///
/// The data ships inside the binary (`EmbeddedFiles`, written by
/// `scripts/derive-gazetteer.py`); `open` builds a database file from it once per data
/// version and then only reads it, with a small page cache and no memory mapping, so the
/// gazetteer costs a few MiB of memory however much it is asked. One read-only connection
/// serves every thread behind a `Mutex`; queries reuse prepared statements.
///
/// ```swift
/// let gazetteer = try Gazetteer.open(.init(directory: "/var/cache/gottago"))
/// try gazetteer.search("Bethesda, OH", limit: 5).first           // Bethesda, Ohio
/// try gazetteer.search("90210", limit: 1).first?.name             // "Beverly Hills"
/// try gazetteer.nearest(latitude: 46.948, longitude: 7.447)?.name  // "Bern"
/// ```
public final class Gazetteer: Sendable {
    /// Where the database file lives and how much page cache it may use.
    public struct Configuration: Sendable {
        /// The directory holding `gazetteer-<data digest>.sqlite`; created when missing.
        public var directory: String
        /// SQLite's page cache for the connection, in KiB.
        public var cacheKiB: Int = 2048
        /// The data the database is built from: the embedded file, or a test's smaller one.
        var source = Source.embedded

        /// The gazetteer's file in `directory`, with the default cache.
        public init(directory: String) {
            self.directory = directory
        }
    }

    /// The number of places.
    public let placeCount: Int
    /// The number of ZIP codes.
    public let postcodeCount: Int

    /// The database file in use.
    let path: String
    /// The small tables, in memory: country and division names, time zones, and the folded
    /// names a qualifier such as `OH` or `Switzerland` is matched against.
    let names: Names
    /// The database; every use holds the lock.
    let connection: Mutex<Connection>

    private init(path: String, connection: sending Connection, names: Names, placeCount: Int, postcodeCount: Int) {
        self.path = path
        self.connection = Mutex(connection)
        self.names = names
        self.placeCount = placeCount
        self.postcodeCount = postcodeCount
    }

    /// Opens the gazetteer in `configuration.directory`, building its database file there first
    /// when it is missing, incomplete or damaged.
    ///
    /// The file is named after the embedded data's digest and built under a unique temporary
    /// name, then renamed into place, so several processes may open the same directory at once:
    /// each either finds a complete file or builds its own and renames it over the other's.
    /// Files of other data versions (`gazetteer-*.sqlite`) are deleted. Building takes a few
    /// seconds of blocking work, and opening a built file milliseconds: call this on a thread
    /// of its own at start-up, not on the cooperative pool.
    public static func open(_ configuration: Configuration) throws(GazetteerError) -> Gazetteer {
        let directory = configuration.directory.isEmpty ? "." : configuration.directory
        try Files.makeDirectory(directory)
        let source = configuration.source
        let name = "gazetteer-\(source.digest.prefix(16)).sqlite"
        let path = directory + "/" + name
        let cacheKiB = max(64, configuration.cacheKiB)
        let connection: Connection
        if let existing = try? Connection(path: path, cacheKiB: cacheKiB, digest: source.digest) {
            connection = existing
        } else {
            try build(at: path, cacheKiB: cacheKiB, source: source)
            connection = try Connection(path: path, cacheKiB: cacheKiB, digest: source.digest)
        }
        Files.removeOtherVersions(in: directory, keeping: name)
        let names = try connection.names()
        let placeCount = connection.placeCount, postcodeCount = connection.postcodeCount
        return Gazetteer(path: path, connection: connection, names: names, placeCount: placeCount, postcodeCount: postcodeCount)
    }

    /// The place with this GeoNames id, or for a negative id the ZIP code it stands for.
    public func place(id: Int) throws(GazetteerError) -> Place? {
        try connection.withLock { connection throws(GazetteerError) in try place(id: id, on: connection) }
    }

    /// `place(id:)` on the connection the caller holds.
    func place(id: Int, on connection: Connection) throws(GazetteerError) -> Place? {
        if id < 0 {
            guard id >= -99_999 else { return nil }
            return try connection.zip(code: -id).map { postcodePlace($0) }
        }
        guard let row = try connection.place(id: id) else { return nil }
        return try resolved(row, on: connection)
    }
}

extension Gazetteer {
    /// Gzip-compressed gazetteer text and its SHA-256 in hex: the embedded data, or other bytes
    /// in the same format.
    struct Source: Sendable {
        /// The bytes; nil for the embedded ones.
        let bytes: [UInt8]?
        let digest: String

        static var embedded: Source { Source(bytes: nil, digest: EmbeddedData.digest) }

        /// Calls `body` with the bytes.
        func withBytes<T>(_ body: (UnsafeBufferPointer<UInt8>) throws(GazetteerError) -> T) throws(GazetteerError) -> T {
            guard let bytes else { return try body(EmbeddedData.bytes) }
            let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
            defer { copy.deallocate() }
            _ = copy.initialize(from: bytes)
            return try body(UnsafeBufferPointer(copy))
        }
    }

    /// The data compiled into the binary.
    enum EmbeddedData {
        /// The gzip-compressed text.
        static var bytes: UnsafeBufferPointer<UInt8> {
            let file = embedded_gazetteer()
            return UnsafeBufferPointer(start: file.bytes, count: file.count)
        }

        /// The SHA-256 of `bytes` in hex, as the derive script computed it.
        static var digest: String { String(cString: embedded_gazetteer().sha256) }
    }
}
