internal import CZlib

/// Writes small zip archives in memory, stored or deflated, and, for tests of the reader, archives
/// that lie: a wrong CRC, a declared size that is not the real one, a local header that disagrees.
///
/// ```swift
/// var writer = ZipWriter()
/// writer.add("stops.txt", Array(text.utf8))
/// let bytes = writer.finish()
/// ```
///
/// Package-only: the reader's tests and the GTFS importer's build hostile feeds with it. Each
/// entry's bytes are compressed whole, so it is for small archives.
package struct ZipWriter {
    /// How an entry is written; `other` writes the bytes as they are under another method number.
    package enum Method {
        case stored
        case deflate
        case other(Int)
    }

    /// What the central directory will say about one entry.
    package struct Record {
        package var name: [UInt8]
        package var method: Int
        package var crc: UInt32
        package var compressedSize: Int
        package var uncompressedSize: Int
        package var offset: Int

        /// A record of these values.
        package init(name: [UInt8], method: Int, crc: UInt32, compressedSize: Int, uncompressedSize: Int, offset: Int) {
            self.name = name
            self.method = method
            self.crc = crc
            self.compressedSize = compressedSize
            self.uncompressedSize = uncompressedSize
            self.offset = offset
        }
    }

    /// The local headers and data written so far.
    package var body: [UInt8] = []
    /// The entries the central directory will list, in order.
    package var records: [Record] = []

    /// An empty archive.
    package init() {}

    /// Appends an entry; `declaredSize`, `crc` and `localName` replace the true values, to make a lying archive.
    package mutating func add(
        _ name: String, _ bytes: [UInt8], method: Method = .deflate, declaredSize: Int? = nil, crc: UInt32? = nil,
        localName: String? = nil
    ) {
        let data: [UInt8]
        let number: Int
        switch method {
        case .stored: (data, number) = (bytes, 0)
        case .deflate: (data, number) = (Self.rawDeflate(bytes), 8)
        case .other(let value): (data, number) = (bytes, value)
        }
        let record = Record(
            name: Array(name.utf8), method: number, crc: crc ?? Self.crc32(bytes), compressedSize: data.count,
            uncompressedSize: declaredSize ?? bytes.count, offset: body.count)
        var local = record
        if let localName { local.name = Array(localName.utf8) }
        body += Self.localHeader(local) + data
        records.append(record)
    }

    /// The archive: the entries, their central directory and its end record.
    package func finish(comment: [UInt8] = []) -> [UInt8] {
        var directory: [UInt8] = []
        for record in records { directory += Self.centralRecord(record) }
        return body + directory + Self.endRecord(
            entries: records.count, directorySize: directory.count, directoryOffset: body.count, comment: comment)
    }

    /// A local file header (signature 0x04034b50) for `record`.
    package static func localHeader(_ record: Record) -> [UInt8] {
        var bytes: [UInt8] = []
        put32(0x0403_4B50, &bytes)
        put16(20, &bytes)
        put16(0x0800, &bytes)  // UTF-8 names
        put16(record.method, &bytes)
        put32(0, &bytes)  // time and date: 1980-00-00 00:00
        put32(record.crc, &bytes)
        put32(UInt32(truncatingIfNeeded: record.compressedSize), &bytes)
        put32(UInt32(truncatingIfNeeded: record.uncompressedSize), &bytes)
        put16(record.name.count, &bytes)
        put16(0, &bytes)
        return bytes + record.name
    }

    /// A central directory record (signature 0x02014b50) for `record`.
    package static func centralRecord(_ record: Record) -> [UInt8] {
        var bytes: [UInt8] = []
        put32(0x0201_4B50, &bytes)
        put16(20, &bytes)
        put16(20, &bytes)
        put16(0x0800, &bytes)
        put16(record.method, &bytes)
        put32(0, &bytes)
        put32(record.crc, &bytes)
        put32(UInt32(truncatingIfNeeded: record.compressedSize), &bytes)
        put32(UInt32(truncatingIfNeeded: record.uncompressedSize), &bytes)
        put16(record.name.count, &bytes)
        for _ in 0..<4 { put16(0, &bytes) }  // extra, comment, disk, internal attributes
        put32(0, &bytes)  // external attributes
        put32(UInt32(truncatingIfNeeded: record.offset), &bytes)
        return bytes + record.name
    }

    /// The end of central directory record (signature 0x06054b50).
    package static func endRecord(entries: Int, directorySize: Int, directoryOffset: Int, comment: [UInt8] = []) -> [UInt8] {
        var bytes: [UInt8] = []
        put32(0x0605_4B50, &bytes)
        put32(0, &bytes)  // this disk, the directory's disk
        put16(entries, &bytes)
        put16(entries, &bytes)
        put32(UInt32(truncatingIfNeeded: directorySize), &bytes)
        put32(UInt32(truncatingIfNeeded: directoryOffset), &bytes)
        put16(comment.count, &bytes)
        return bytes + comment
    }

    /// zlib's CRC-32 of `bytes`.
    package static func crc32(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { UInt32(CZlib.crc32(0, $0.baseAddress, uInt($0.count))) }
    }

    /// A raw deflate stream: gzip's member without its 10-byte header (no name, no extra) and
    /// its 8-byte trailer.
    package static func rawDeflate(_ bytes: [UInt8]) -> [UInt8] {
        let member = Gzip.compress(bytes)
        return Array(member[10..<(member.count - 8)])
    }

    private static func put16(_ value: Int, _ bytes: inout [UInt8]) {
        bytes += [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)]
    }

    private static func put32(_ value: UInt32, _ bytes: inout [UInt8]) {
        bytes += [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8),
                  UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 24)]
    }
}
