/// A zip archive in memory: its central directory read and checked when opened, each entry
/// then read as a stream of inflated chunks.
///
/// ```swift
/// let archive = try ZipArchive(bytes)
/// guard let stops = archive.entry(named: "stops.txt") else { … }
/// try archive.forEachChunk(of: stops) { chunk in csv.feed(chunk) }   // 64 KiB at a time
/// ```
///
/// Opening refuses what could hurt a reader before a byte is inflated: unsafe names (`..`,
/// absolute paths, backslashes, NUL), local headers that disagree with the central directory,
/// entries that overlap or run out of the archive, declared sizes over the `ZipLimits`. Reading
/// refuses again as soon as the inflated bytes pass the declared size or the compression ratio,
/// and checks the CRC-32 and the size at the end. Stored and deflate entries only; no zip64,
/// no encryption, one disk (APPNOTE 6.3.10, https://pkware.cachefly.net/webdocs/casestudies/APPNOTE.TXT).
public struct ZipArchive: Sendable {
    /// The entries in central-directory order.
    public let entries: [ZipEntry]
    /// The limits the archive was opened under; reading enforces them too.
    public let limits: ZipLimits
    let bytes: [UInt8]

    /// Opens the archive in `bytes`, reading and checking its central directory.
    public init(_ bytes: [UInt8], limits: ZipLimits = ZipLimits()) throws(ZipError) {
        let reader = ZipBytes(bytes: bytes)
        let end = try Self.endRecord(in: reader)
        entries = try Self.centralDirectory(in: reader, end: end, limits: limits)
        self.bytes = bytes
        self.limits = limits
    }

    /// The entry called exactly `name`, if the archive has one.
    public func entry(named name: String) -> ZipEntry? {
        entries.first { $0.name == name }
    }
}
