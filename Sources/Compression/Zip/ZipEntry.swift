/// One file listed in a zip archive's central directory, as `ZipArchive` found and checked it.
public struct ZipEntry: Sendable, Hashable, CustomStringConvertible {
    /// How an entry's bytes are stored.
    public enum Method: Sendable, Hashable {
        /// Method 0, the bytes as they are.
        case stored
        /// Method 8, a raw deflate stream (RFC 1951).
        case deflate
    }

    /// The path inside the archive, such as `stop_times.txt`; a directory's ends with `/`.
    public let name: String
    /// How the bytes are stored.
    public let method: Method
    /// The bytes of data in the archive.
    public let compressedSize: Int
    /// The bytes the entry declares it holds once inflated.
    public let uncompressedSize: Int
    /// The declared CRC-32 of the inflated bytes.
    public let crc32: UInt32
    /// Where the entry's local header starts in the archive.
    public let localHeaderOffset: Int
    /// Where the entry's data starts, just after its local header.
    let dataOffset: Int
    /// Whether a data descriptor follows the data (flag bit 3).
    let hasDescriptor: Bool

    /// Whether the entry is a directory rather than a file.
    public var isDirectory: Bool { name.hasSuffix("/") }

    /// The name, method and sizes, for logs.
    public var description: String {
        "\(name) (\(method), \(compressedSize) → \(uncompressedSize) bytes)"
    }
}
