/// The binary form stored in Redis:
///
/// | bytes | field |
/// | --- | --- |
/// | 3 | magic `gGc` |
/// | 1 | format, 1 or 2 |
/// | 8 | `storedAt`, big-endian |
/// | 8 | `freshForMilliseconds`, big-endian |
/// | 8 | `keepForMilliseconds`, big-endian |
/// | 8 | value length, big-endian |
/// | n | value |
/// | 2 | format 2 only: validator length in bytes, big-endian (0 for none) |
/// | m | format 2 only: the validator, UTF-8 |
///
/// Entries without a validator are written in format 1, which instances that predate validators read too.
/// The length makes a truncated value detectable; the magic keeps foreign data in a shared
/// Redis (another program's key, an older format) from being read as an entry.
extension CacheEntry {
    static let magic: [UInt8] = [0x67, 0x47, 0x63]  // "gGc"
    static let format: UInt8 = 1
    static let formatWithValidator: UInt8 = 2
    static let headerCount = 3 + 1 + 8 + 8 + 8 + 8
    /// The longest validator kept; an upstream's longer `Last-Modified` is not a date anyway.
    static let maxValidatorBytes = 256

    /// The entry as bytes, in the format `init?(decoding:)` reads.
    public func encoded() -> [UInt8] {
        var bytes = [UInt8]()
        bytes.reserveCapacity(Self.headerCount + value.count)
        let validatorBytes = validator.map { Array($0.utf8.prefix(Self.maxValidatorBytes)) } ?? []
        bytes += Self.magic
        bytes.append(validatorBytes.isEmpty ? Self.format : Self.formatWithValidator)
        for field in [storedAt, freshForMilliseconds, keepForMilliseconds] {
            withUnsafeBytes(of: UInt64(bitPattern: field).bigEndian) { bytes += $0 }
        }
        withUnsafeBytes(of: UInt64(value.count).bigEndian) { bytes += $0 }
        bytes += value
        if !validatorBytes.isEmpty {
            withUnsafeBytes(of: UInt16(validatorBytes.count).bigEndian) { bytes += $0 }
            bytes += validatorBytes
        }
        return bytes
    }

    /// Reads an entry written by `encoded()`; nil for bytes that are truncated, too long, of
    /// another format or not an entry at all.
    public init?(decoding bytes: some Collection<UInt8>) {
        let bytes = Array(bytes)
        guard bytes.count >= Self.headerCount, Array(bytes[0..<3]) == Self.magic,
            bytes[3] == Self.format || bytes[3] == Self.formatWithValidator
        else {
            return nil
        }
        func integer(at offset: Int, width: Int) -> UInt64 {
            bytes[offset..<offset + width].reduce(0) { $0 << 8 | UInt64($1) }
        }
        let length = integer(at: 28, width: 8)
        let available = UInt64(bytes.count - Self.headerCount)
        var validator: String?
        if bytes[3] == Self.formatWithValidator {
            guard length <= available, available - length >= 2 else { return nil }
            let start = Self.headerCount + Int(length)
            let count = Int(integer(at: start, width: 2))
            guard count > 0, count <= Self.maxValidatorBytes, UInt64(count) == available - length - 2 else { return nil }
            validator = String(decoding: bytes[(start + 2)...], as: UTF8.self)
        } else {
            guard length == available else { return nil }
        }
        let keep = Int64(bitPattern: integer(at: 20, width: 8))
        let fresh = Int64(bitPattern: integer(at: 12, width: 8))
        guard fresh >= 0, keep >= 0 else { return nil }
        self.init(
            value: Array(bytes[Self.headerCount..<(Self.headerCount + Int(length))]), storedAt: Int64(bitPattern: integer(at: 4, width: 8)),
            freshForMilliseconds: fresh, keepForMilliseconds: keep, validator: validator)
    }
}
