extension ZipArchive {
    /// What the end-of-central-directory record says.
    struct EndRecord {
        let offset: Int
        let entryCount: Int
        let directoryOffset: Int
        let directorySize: Int
    }

    private static let endSignature: UInt32 = 0x0605_4B50
    private static let zip64LocatorSignature: UInt32 = 0x0706_4B50
    private static let centralSignature: UInt32 = 0x0201_4B50
    private static let localSignature: UInt32 = 0x0403_4B50
    private static let endRecordSize = 22
    private static let centralHeaderSize = 46
    private static let localHeaderSize = 30
    /// A data descriptor (flag bit 3) follows the data: at least CRC and both sizes.
    private static let descriptorSize = 12

    /// Finds the end record, searching back over a comment of at most 65,535 bytes.
    ///
    /// A candidate counts only when its comment ends exactly at the end of the bytes, so a
    /// signature inside the comment is passed over.
    static func endRecord(in bytes: ZipBytes) throws(ZipError) -> EndRecord {
        guard bytes.count >= endRecordSize else {
            throw ZipError(.malformed, "\(bytes.count) bytes are too few for a zip archive")
        }
        let lowest = max(0, bytes.count - endRecordSize - 0xFFFF)
        var offset = bytes.count - endRecordSize
        while offset >= lowest {
            if bytes.uint32(at: offset) == endSignature, let comment = bytes.uint16(at: offset + 20),
                offset + endRecordSize + comment == bytes.count
            {
                return try endRecord(at: offset, in: bytes)
            }
            offset -= 1
        }
        throw ZipError(.malformed, "no end of central directory record (not a zip archive, or truncated)")
    }

    private static func endRecord(at offset: Int, in bytes: ZipBytes) throws(ZipError) -> EndRecord {
        if offset >= 20, bytes.uint32(at: offset - 20) == zip64LocatorSignature {
            throw ZipError(.unsupported, "zip64 archive")
        }
        guard let disk = bytes.uint16(at: offset + 4), let directoryDisk = bytes.uint16(at: offset + 6),
            let onDisk = bytes.uint16(at: offset + 8), let total = bytes.uint16(at: offset + 10),
            let size = bytes.int32(at: offset + 12), let start = bytes.int32(at: offset + 16)
        else { throw ZipError(.malformed, "truncated end of central directory record") }
        if total == 0xFFFF || size == 0xFFFF_FFFF || start == 0xFFFF_FFFF {
            throw ZipError(.unsupported, "zip64 archive")
        }
        guard disk == 0, directoryDisk == 0, onDisk == total else {
            throw ZipError(.unsupported, "archive split over several disks")
        }
        guard start <= offset, size <= offset - start else {
            throw ZipError(.malformed, "central directory (\(size) bytes at \(start)) outside the archive")
        }
        return EndRecord(offset: offset, entryCount: total, directoryOffset: start, directorySize: size)
    }

    /// Reads every central-directory record and checks it against its local header and the limits.
    static func centralDirectory(in bytes: ZipBytes, end: EndRecord, limits: ZipLimits) throws(ZipError) -> [ZipEntry] {
        guard end.entryCount <= limits.maximumEntries else {
            throw ZipError(.tooLarge, "\(end.entryCount) entries, more than \(limits.maximumEntries)")
        }
        var entries: [ZipEntry] = []
        entries.reserveCapacity(end.entryCount)
        var names = Set<String>()
        var total = 0
        var offset = end.directoryOffset
        let directoryEnd = end.directoryOffset + end.directorySize
        for index in 0..<end.entryCount {
            let (entry, next) = try centralRecord(at: offset, before: directoryEnd, index: index, in: bytes, limits: limits)
            guard names.insert(entry.name).inserted else {
                throw ZipError(.malformed, "\(entry.name): listed twice")
            }
            total += entry.uncompressedSize
            guard total <= limits.maximumTotalBytes else {
                throw ZipError(.tooLarge, "\(entry.name): the entries declare more than \(limits.maximumTotalBytes) bytes in all")
            }
            entries.append(entry)
            offset = next
        }
        try checkOverlaps(entries, directoryOffset: end.directoryOffset)
        return entries
    }

    /// One central-directory record at `offset`, and where the next one starts.
    private static func centralRecord(
        at offset: Int, before directoryEnd: Int, index: Int, in bytes: ZipBytes, limits: ZipLimits
    ) throws(ZipError) -> (ZipEntry, Int) {
        guard offset + centralHeaderSize <= directoryEnd, bytes.uint32(at: offset) == centralSignature,
            let flags = bytes.uint16(at: offset + 8), let methodNumber = bytes.uint16(at: offset + 10),
            let crc = bytes.uint32(at: offset + 16), let compressed = bytes.int32(at: offset + 20),
            let uncompressed = bytes.int32(at: offset + 24), let nameLength = bytes.uint16(at: offset + 28),
            let extraLength = bytes.uint16(at: offset + 30), let commentLength = bytes.uint16(at: offset + 32),
            let startDisk = bytes.uint16(at: offset + 34), let localOffset = bytes.int32(at: offset + 42)
        else { throw ZipError(.malformed, "central directory record \(index + 1) is truncated or damaged") }
        let next = offset + centralHeaderSize + nameLength + extraLength + commentLength
        guard next <= directoryEnd, let nameBytes = bytes.slice(offset + centralHeaderSize, nameLength) else {
            throw ZipError(.malformed, "central directory record \(index + 1) runs past the directory")
        }
        let name = try checkedName(nameBytes)
        if compressed == 0xFFFF_FFFF || uncompressed == 0xFFFF_FFFF || localOffset == 0xFFFF_FFFF || startDisk == 0xFFFF {
            throw ZipError(.unsupported, "\(name): zip64 entry")
        }
        // Bit 0: traditional encryption; bit 6: strong encryption.
        guard flags & 0x41 == 0 else { throw ZipError(.unsupported, "\(name): encrypted") }
        guard startDisk == 0 else { throw ZipError(.unsupported, "\(name): on another disk") }
        let method: ZipEntry.Method
        switch methodNumber {
        case 0:
            guard compressed == uncompressed else {
                throw ZipError(.malformed, "\(name): stored with \(compressed) bytes but declares \(uncompressed)")
            }
            method = .stored
        case 8: method = .deflate
        default: throw ZipError(.unsupported, "\(name): compression method \(methodNumber)")
        }
        try checkDeclaredSize(name: name, compressed: compressed, uncompressed: uncompressed, limits: limits)
        let dataOffset = try localData(
            at: localOffset, name: name, nameBytes: nameBytes, method: methodNumber, crc: crc,
            compressed: compressed, uncompressed: uncompressed, in: bytes)
        let entry = ZipEntry(
            name: name, method: method, compressedSize: compressed, uncompressedSize: uncompressed, crc32: crc,
            localHeaderOffset: localOffset, dataOffset: dataOffset, hasDescriptor: flags & 0x08 != 0)
        return (entry, next)
    }

    private static func checkDeclaredSize(name: String, compressed: Int, uncompressed: Int, limits: ZipLimits) throws(ZipError) {
        guard uncompressed <= limits.maximumEntryBytes else {
            throw ZipError(.tooLarge, "\(name): declares \(uncompressed) bytes, more than \(limits.maximumEntryBytes)")
        }
        guard uncompressed <= limits.ratioBound(compressed: compressed) else {
            throw ZipError(
                .tooLarge,
                "\(name): declares \(uncompressed) bytes from \(compressed), a ratio over \(limits.maximumCompressionRatio):1")
        }
    }

    /// Checks the local header at `offset` against the central record and answers where the data starts.
    private static func localData(
        at offset: Int, name: String, nameBytes: ArraySlice<UInt8>, method: Int, crc: UInt32, compressed: Int,
        uncompressed: Int, in bytes: ZipBytes
    ) throws(ZipError) -> Int {
        guard bytes.uint32(at: offset) == localSignature, let flags = bytes.uint16(at: offset + 6),
            let localMethod = bytes.uint16(at: offset + 8), let localCRC = bytes.uint32(at: offset + 14),
            let localCompressed = bytes.int32(at: offset + 18), let localUncompressed = bytes.int32(at: offset + 22),
            let nameLength = bytes.uint16(at: offset + 26), let extraLength = bytes.uint16(at: offset + 28),
            let localName = bytes.slice(offset + localHeaderSize, nameLength)
        else { throw ZipError(.malformed, "\(name): no local header at offset \(offset)") }
        guard localName.elementsEqual(nameBytes), localMethod == method else {
            throw ZipError(.malformed, "\(name): the local header disagrees with the central directory")
        }
        // With a data descriptor (bit 3) the local header may leave CRC and sizes zero.
        if flags & 0x08 == 0, localCRC != crc || localCompressed != compressed || localUncompressed != uncompressed {
            throw ZipError(.malformed, "\(name): the local header's CRC or sizes disagree with the central directory")
        }
        let dataOffset = offset + localHeaderSize + nameLength + extraLength
        guard bytes.contains(dataOffset, compressed) else {
            throw ZipError(.malformed, "\(name): data runs past the end of the archive (truncated)")
        }
        return dataOffset
    }

    /// Refuses entries whose header and data overlap another's or the central directory:
    /// overlapping entries are how the smallest zip bombs multiply their output.
    private static func checkOverlaps(_ entries: [ZipEntry], directoryOffset: Int) throws(ZipError) {
        let ordered = entries.sorted { $0.localHeaderOffset < $1.localHeaderOffset }
        for (index, entry) in ordered.enumerated() {
            let end = entry.dataOffset + entry.compressedSize + (entry.hasDescriptor ? descriptorSize : 0)
            let limit = index + 1 < ordered.count ? ordered[index + 1].localHeaderOffset : directoryOffset
            guard end <= limit else {
                throw ZipError(.malformed, "\(entry.name): overlaps the next entry or the central directory")
            }
        }
    }
}
