import Compression
import Foundation
import Testing

@Suite("ZipArchive")
struct ZipArchiveTests {
    /// The repository's root, from this file's path (Tests/CompressionTests/…).
    static let root: String = {
        var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()

    static func fixture(_ path: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: URL(fileURLWithPath: root + "/" + path)))
    }

    /// The error `body` throws, as a `ZipError`.
    static func zipError(_ body: () throws -> Void) -> ZipError? {
        do {
            try body()
            return nil
        } catch {
            return error as? ZipError
        }
    }

    /// Reads every byte of `entry` through `forEachChunk`.
    static func read(_ archive: ZipArchive, _ entry: ZipEntry) throws -> (bytes: Int, largestChunk: Int) {
        var total = 0, largest = 0
        try archive.forEachChunk(of: entry) { chunk in
            total += chunk.count
            largest = max(largest, chunk.count)
        }
        return (total, largest)
    }

    static let text = Array((0..<20_000).map { "line \($0), some text to deflate\n" }.joined().utf8)

    @Test("stored and deflate entries read back whole, in chunks of at most 64 KiB")
    func storedAndDeflate() throws {
        var writer = ZipWriter()
        writer.add("stored.txt", Array("hello, zip\n".utf8), method: .stored)
        writer.add("dir/deflated.txt", Self.text)
        writer.add("empty.txt", [], method: .stored)
        let archive = try ZipArchive(writer.finish(comment: Array("a comment".utf8)))
        #expect(archive.entries.map(\.name) == ["stored.txt", "dir/deflated.txt", "empty.txt"])
        let stored = try #require(archive.entry(named: "stored.txt"))
        #expect(stored.method == .stored)
        #expect(try archive.contents(of: stored) == Array("hello, zip\n".utf8))
        let deflated = try #require(archive.entry(named: "dir/deflated.txt"))
        #expect(deflated.method == .deflate)
        #expect(deflated.compressedSize < deflated.uncompressedSize / 4)
        var collected: [UInt8] = []
        var chunks = 0
        try archive.forEachChunk(of: deflated) { chunk in
            #expect(chunk.count <= ZipArchive.chunkSize)
            collected += chunk
            chunks += 1
        }
        #expect(collected == Self.text)
        #expect(chunks >= Self.text.count / ZipArchive.chunkSize)
        #expect(try archive.contents(of: #require(archive.entry(named: "empty.txt"))).isEmpty)
    }

    @Test("a bomb is refused: by its declared ratio at open, by its output when the size lies")
    func bomb() throws {
        let zeros = [UInt8](repeating: 0, count: 16 << 20)
        var honest = ZipWriter()
        honest.add("bomb.txt", zeros)
        #expect(Self.zipError { _ = try ZipArchive(honest.finish()) }?.kind == .tooLarge)

        // The same data declaring 1,000 bytes passes the open and is stopped at the 1,001st.
        var lying = ZipWriter()
        lying.add("bomb.txt", zeros, declaredSize: 1000)
        let archive = try ZipArchive(lying.finish())
        var seen = 0
        let error = Self.zipError { try archive.forEachChunk(of: archive.entries[0]) { seen += $0.count } }
        #expect(error?.kind == .tooLarge)
        #expect(error?.message.contains("bomb.txt") == true)
        #expect(seen == 0)
    }

    @Test("a declared size larger than the data inflates to is refused at the end")
    func shortOutput() throws {
        var writer = ZipWriter()
        writer.add("short.txt", Self.text, declaredSize: Self.text.count + 1)
        let archive = try ZipArchive(writer.finish())
        #expect(Self.zipError { _ = try Self.read(archive, archive.entries[0]) }?.kind == .malformed)
    }

    @Test("limits on entry size, total size and entry count", arguments: [
        ZipLimits(maximumEntryBytes: 1000), ZipLimits(maximumTotalBytes: 1000), ZipLimits(maximumEntries: 1),
    ])
    func limits(_ limits: ZipLimits) {
        var writer = ZipWriter()
        writer.add("a.txt", [UInt8](repeating: 65, count: 600), method: .stored)
        writer.add("b.txt", [UInt8](repeating: 66, count: 1200), method: .stored)
        #expect(Self.zipError { _ = try ZipArchive(writer.finish(), limits: limits) }?.kind == .tooLarge)
    }

    @Test("unsafe names are refused", arguments: ["../x", "a/../../x", "..", "/etc/x", "a\\b", "C:/x", "a\u{0}b"])
    func unsafeNames(_ name: String) {
        var writer = ZipWriter()
        writer.add(name, Array("x".utf8), method: .stored)
        #expect(Self.zipError { _ = try ZipArchive(writer.finish()) }?.kind == .unsafePath)
    }

    @Test("names with dots that stay inside are fine", arguments: ["a..b", "..a", "a/./b", "dir/"])
    func safeNames(_ name: String) throws {
        var writer = ZipWriter()
        writer.add(name, [], method: .stored)
        #expect(try ZipArchive(writer.finish()).entries.map(\.name) == [name])
    }

    @Test("a truncated archive is refused wherever it is cut")
    func truncated() throws {
        var writer = ZipWriter()
        writer.add("a.txt", Self.text)
        writer.add("b.txt", Array("b".utf8), method: .stored)
        let bytes = writer.finish()
        for cut in [1, 21, 40, bytes.count / 2, bytes.count - 10] {
            #expect(Self.zipError { _ = try ZipArchive(Array(bytes.prefix(cut))) }?.kind == .malformed)
        }
        // Nothing at all is no archive; an end record alone is an empty one.
        #expect(Self.zipError { _ = try ZipArchive([]) }?.kind == .malformed)
        #expect(Self.zipError { _ = try ZipArchive(Array("PK\u{5}\u{6}".utf8) + [UInt8](repeating: 0, count: 18)) } == nil)
    }

    @Test("truncated deflate data is refused when read")
    func truncatedData() throws {
        // The entry claims fewer compressed bytes than the stream needs.
        let raw = ZipWriter.rawDeflate(Self.text)
        var writer = ZipWriter()
        writer.add("cut.txt", Array(raw.prefix(raw.count / 2)), method: .other(8), declaredSize: Self.text.count,
                   crc: ZipWriter.crc32(Self.text))
        let archive = try ZipArchive(writer.finish(), limits: ZipLimits(maximumCompressionRatio: 1000))
        let error = Self.zipError { _ = try Self.read(archive, archive.entries[0]) }
        #expect(error?.kind == .malformed)
        #expect(error?.message.contains("cut.txt") == true)
    }

    @Test("a wrong CRC-32 is refused after the last byte")
    func badChecksum() throws {
        var writer = ZipWriter()
        writer.add("a.txt", Self.text, crc: ZipWriter.crc32(Self.text) ^ 1)
        writer.add("b.txt", Array("b".utf8), method: .stored, crc: 1)
        let archive = try ZipArchive(writer.finish())
        for entry in archive.entries {
            #expect(Self.zipError { _ = try Self.read(archive, entry) }?.kind == .checksum)
        }
    }

    @Test("a local header that disagrees with the central directory is refused")
    func localMismatch() {
        var writer = ZipWriter()
        writer.add("stops.txt", Array("x".utf8), method: .stored, localName: "../evil")
        #expect(Self.zipError { _ = try ZipArchive(writer.finish()) }?.kind == .malformed)
    }

    @Test("entries nested inside another's data (an overlapping bomb) are refused")
    func overlapping() throws {
        // B's header and data sit inside A's stored data; both are listed.
        let inner: [UInt8] = Array("inner".utf8)
        var b = ZipWriter.Record(name: Array("b.txt".utf8), method: 0, crc: ZipWriter.crc32(inner), compressedSize: 5,
                                 uncompressedSize: 5, offset: 0)
        let nested = ZipWriter.localHeader(b) + inner
        let a = ZipWriter.Record(name: Array("a.txt".utf8), method: 0, crc: ZipWriter.crc32(nested),
                                 compressedSize: nested.count, uncompressedSize: nested.count, offset: 0)
        b.offset = 30 + a.name.count
        let body = ZipWriter.localHeader(a) + nested
        let directory = ZipWriter.centralRecord(a) + ZipWriter.centralRecord(b)
        let bytes = body + directory + ZipWriter.endRecord(entries: 2, directorySize: directory.count, directoryOffset: body.count)
        let error = Self.zipError { _ = try ZipArchive(bytes) }
        #expect(error?.kind == .malformed)
        #expect(error?.message.contains("overlaps") == true)
    }

    @Test("zip64 markers, other methods and repeated names")
    func unsupported() {
        var writer = ZipWriter()
        writer.add("a.txt", Array("a".utf8), method: .stored)
        var zip64 = writer.finish()
        zip64.replaceSubrange((zip64.count - 12)..<(zip64.count - 10), with: [0xFF, 0xFF])
        zip64.replaceSubrange((zip64.count - 14)..<(zip64.count - 12), with: [0xFF, 0xFF])
        #expect(Self.zipError { _ = try ZipArchive(zip64) }?.kind == .unsupported)

        var bzip2 = ZipWriter()
        bzip2.add("a.txt", Array("a".utf8), method: .other(12))
        #expect(Self.zipError { _ = try ZipArchive(bzip2.finish()) }?.kind == .unsupported)

        var twice = ZipWriter()
        twice.add("a.txt", Array("a".utf8), method: .stored)
        twice.add("a.txt", Array("b".utf8), method: .stored)
        #expect(Self.zipError { _ = try ZipArchive(twice.finish()) }?.kind == .malformed)
    }

    /// The real feeds, with the sizes `unzip -lv` lists.
    static let feeds: [(path: String, sizes: [String: Int])] = [
        ("Sources/EmbeddedFiles/include/bart-gtfs.zip", [
            "agency.txt": 134, "calendar.txt": 201, "calendar_dates.txt": 626, "fare_attributes.txt": 3360,
            "fare_rules.txt": 65568, "feed_info.txt": 161, "frequencies.txt": 42, "routes.txt": 722, "shapes.txt": 873_186,
            "stop_times.txt": 1_716_958, "stops.txt": 4350, "transfers.txt": 182, "trips.txt": 115_153,
        ]),
        ("Tests/Fixtures/gtfs/fgc-gtfs-static-2025-08-19-bcntransitbot.zip", [
            "agency.txt": 92, "calendar_dates.txt": 20217, "routes.txt": 2077, "shapes.txt": 341_895, "stops.txt": 4552,
            "trips.txt": 2_148_083, "stop_times.txt": 15_656_231, "feed_info.txt": 260,
        ]),
        ("Tests/Fixtures/gtfs/soundtransit-rail-gtfs-2023-03-oba.zip", [
            "agency.txt": 268, "stops.txt": 30133, "routes.txt": 966, "trips.txt": 88789, "stop_times.txt": 856_456,
            "calendar.txt": 253, "calendar_dates.txt": 31, "shapes.txt": 714_200,
        ]),
        ("Tests/Fixtures/gtfs/usf-bullrunner-gtfs-2016-01-validator.zip", [
            "agency.txt": 138, "calendar.txt": 193, "fare_attributes.txt": 68, "frequencies.txt": 450, "routes.txt": 726,
            "shapes.txt": 73286, "stops.txt": 6527, "stop_times.txt": 12924, "trips.txt": 178,
        ]),
    ]

    @Test("real feeds list and read with their known sizes and CRCs", arguments: 0..<4)
    func realFeeds(_ index: Int) throws {
        let (path, sizes) = Self.feeds[index]
        let archive = try ZipArchive(Self.fixture(path))
        #expect(Dictionary(uniqueKeysWithValues: archive.entries.map { ($0.name, $0.uncompressedSize) }) == sizes)
        for entry in archive.entries {
            let (bytes, largest) = try Self.read(archive, entry)
            #expect(bytes == sizes[entry.name])
            #expect(largest <= ZipArchive.chunkSize)
        }
    }

    @Test("BART's stop_times.txt starts with its header")
    func bartHeader() throws {
        let archive = try ZipArchive(Self.fixture("Sources/EmbeddedFiles/include/bart-gtfs.zip"))
        let entry = try #require(archive.entry(named: "stop_times.txt"))
        #expect(entry.uncompressedSize == 1_716_958)
        #expect(entry.crc32 == 0xC44B_8038)
        var first: [UInt8] = []
        try archive.forEachChunk(of: entry) { chunk in if first.isEmpty { first = Array(chunk.prefix(34)) } }
        #expect(String(decoding: first, as: UTF8.self) == "trip_id,arrival_time,departure_tim")
    }
}

extension ZipArchiveTests {
    struct Stop: Error {}

    @Test("an error thrown by the body passes through unchanged, and reading stops")
    func bodyError() throws {
        var writer = ZipWriter()
        writer.add("a.txt", Self.text)
        let archive = try ZipArchive(writer.finish())
        var calls = 0
        #expect(throws: Stop.self) {
            try archive.forEachChunk(of: archive.entries[0]) { _ in
                calls += 1
                throw Stop()
            }
        }
        #expect(calls == 1)
    }
}
