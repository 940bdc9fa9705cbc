/// The binary form stored in Redis:
///
/// | bytes | field |
/// | --- | --- |
/// | 3 | magic `gGc` |
/// | 1 | format, 1 |
/// | 8 | `storedAt`, big-endian |
/// | 8 | `freshForMilliseconds`, big-endian |
/// | 8 | `keepForMilliseconds`, big-endian |
/// | 8 | value length, big-endian |
/// | n | value |
///
/// The length makes a truncated value detectable; the magic keeps foreign data in a shared
/// Redis (another program's key, an older format) from being read as an entry.
extension CacheEntry {
    static let magic: [UInt8] = [0x67, 0x47, 0x63]  // "gGc"
    static let format: UInt8 = 1
    static let headerCount = 3 + 1 + 8 + 8 + 8 + 8

    /// The entry as bytes, in the format `init?(decoding:)` reads.
    public func encoded() -> [UInt8] {
        var bytes = [UInt8]()
        bytes.reserveCapacity(Self.headerCount + value.count)
        bytes += Self.magic
        bytes.append(Self.format)
        for field in [storedAt, freshForMilliseconds, keepForMilliseconds] {
            withUnsafeBytes(of: UInt64(bitPattern: field).bigEndian) { bytes += $0 }
        }
        withUnsafeBytes(of: UInt64(value.count).bigEndian) { bytes += $0 }
        bytes += value
        return bytes
    }

    /// Reads an entry written by `encoded()`; nil for bytes that are truncated, too long, of
    /// another format or not an entry at all.
    public init?(decoding bytes: some Collection<UInt8>) {
        let bytes = Array(bytes)
        guard bytes.count >= Self.headerCount, Array(bytes[0..<3]) == Self.magic, bytes[3] == Self.format else {
            return nil
        }
        func integer(at offset: Int, width: Int) -> UInt64 {
            bytes[offset..<offset + width].reduce(0) { $0 << 8 | UInt64($1) }
        }
        let length = integer(at: 28, width: 8)
        guard length == UInt64(bytes.count - Self.headerCount) else { return nil }
        let keep = Int64(bitPattern: integer(at: 20, width: 8))
        let fresh = Int64(bitPattern: integer(at: 12, width: 8))
        guard fresh >= 0, keep >= 0 else { return nil }
        self.init(
            value: Array(bytes[Self.headerCount...]), storedAt: Int64(bitPattern: integer(at: 4, width: 8)),
            freshForMilliseconds: fresh, keepForMilliseconds: keep)
    }
}
