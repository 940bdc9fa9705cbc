internal import CZlib

extension ZipArchive {
    /// The size of the chunks `forEachChunk` hands over.
    public static let chunkSize = 64 * 1024

    /// Calls `body` with the entry's inflated bytes, at most `chunkSize` at a time, so a large
    /// entry never sits in memory whole; the bytes are valid only during the call.
    ///
    /// Throws `tooLarge` as soon as the output passes the declared size or the compression
    /// ratio (before `body` sees those bytes), `malformed` for damaged or truncated data or a
    /// size that differs from the declared one, `checksum` for a CRC-32 that does not match.
    /// Errors thrown by `body` pass through unchanged.
    public func forEachChunk(of entry: ZipEntry, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        guard ZipBytes(bytes: bytes).contains(entry.dataOffset, entry.compressedSize) else {
            throw ZipError(.malformed, "\(entry.name): data outside this archive")
        }
        // The declared size was checked against the limits at open; the bound applies them
        // again in case `entry` came from elsewhere.
        let bound = min(entry.uncompressedSize, limits.maximumEntryBytes, limits.ratioBound(compressed: entry.compressedSize))
        var crc = crc32(0, nil, 0)
        var total = 0
        try bytes.withUnsafeBufferPointer { archive in
            let data = UnsafeBufferPointer(rebasing: archive[entry.dataOffset..<(entry.dataOffset + entry.compressedSize)])
            func take(_ chunk: UnsafeBufferPointer<UInt8>) throws {
                total += chunk.count
                guard total <= bound else { throw tooLarge(entry, bound: bound) }
                crc = crc32(crc, chunk.baseAddress, uInt(chunk.count))
                try body(UnsafeRawBufferPointer(chunk))
            }
            switch entry.method {
            case .stored:
                var start = 0
                while start < data.count {
                    let end = min(start + Self.chunkSize, data.count)
                    try take(UnsafeBufferPointer(rebasing: data[start..<end]))
                    start = end
                }
            case .deflate where data.isEmpty && entry.uncompressedSize == 0:
                // Some writers store an empty file as "deflated" with no data at all.
                break
            case .deflate:
                try inflate(data, entry: entry, take)
            }
        }
        guard total == entry.uncompressedSize else {
            throw ZipError(.malformed, "\(entry.name): inflates to \(total) bytes but declares \(entry.uncompressedSize)")
        }
        guard UInt32(crc) == entry.crc32 else {
            throw ZipError(
                .checksum, "\(entry.name): CRC-32 \(hex(UInt32(crc))) where the archive says \(hex(entry.crc32))")
        }
    }

    /// The entry's inflated bytes in one array, for small entries; the same checks as `forEachChunk`.
    public func contents(of entry: ZipEntry) throws(ZipError) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(entry.uncompressedSize)
        do {
            try forEachChunk(of: entry) { output.append(contentsOf: $0) }
        } catch let error as ZipError {
            throw error
        } catch {
            // The body above throws nothing, so this is never reached; no error goes unreported.
            throw ZipError(.malformed, "\(entry.name): \(error)")
        }
        return output
    }

    private func inflate(
        _ data: UnsafeBufferPointer<UInt8>, entry: ZipEntry, _ take: (UnsafeBufferPointer<UInt8>) throws -> Void
    ) throws {
        let inflater = try RawInflater(entry: entry.name)
        inflater.pointer.pointee.next_in = UnsafeMutablePointer(mutating: data.baseAddress)
        inflater.pointer.pointee.avail_in = uInt(data.count)
        let output = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: Self.chunkSize)
        defer { output.deallocate() }
        while true {
            let (produced, ended) = try inflater.inflate(into: output, entry: entry.name)
            if produced > 0 { try take(UnsafeBufferPointer(rebasing: output[..<produced])) }
            if ended { return }
        }
    }

    private func tooLarge(_ entry: ZipEntry, bound: Int) -> ZipError {
        let reason = bound == entry.uncompressedSize
            ? "its declared size, \(entry.uncompressedSize) bytes"
            : "the limit of \(bound) bytes (\(limits.maximumCompressionRatio):1 or \(limits.maximumEntryBytes) bytes)"
        return ZipError(.tooLarge, "\(entry.name): inflates past \(reason)")
    }

    private func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}
