/// Little-endian reads at offsets of an archive's bytes, each checked against the end.
///
/// Every length and offset in a zip file comes from the file itself, so no read trusts one.
struct ZipBytes {
    let bytes: [UInt8]

    var count: Int { bytes.count }

    /// Whether `length` bytes starting at `offset` lie inside the archive.
    func contains(_ offset: Int, _ length: Int) -> Bool {
        offset >= 0 && length >= 0 && offset <= bytes.count && length <= bytes.count - offset
    }

    func uint16(at offset: Int) -> Int? {
        guard contains(offset, 2) else { return nil }
        return Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
    }

    func uint32(at offset: Int) -> UInt32? {
        guard contains(offset, 4) else { return nil }
        return UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
            | UInt32(bytes[offset + 3]) << 24
    }

    func int32(at offset: Int) -> Int? {
        uint32(at: offset).map(Int.init)
    }

    func slice(_ offset: Int, _ length: Int) -> ArraySlice<UInt8>? {
        guard contains(offset, length) else { return nil }
        return bytes[offset..<(offset + length)]
    }
}
