import Compression
import Testing

@Suite("GzipLines")
struct GzipLinesTests {
    /// Every line `GzipLines` yields for `packed`, copied out.
    static func lines(_ packed: [UInt8], maximumLineLength: Int = 4096) throws(GzipError) -> [[UInt8]] {
        try packed.withUnsafeBufferPointer { input throws(GzipError) in
            var reader = try GzipLines(gzip: input, maximumLineLength: maximumLineLength)
            var lines: [[UInt8]] = []
            while let line = try reader.next() { lines.append(Array(line)) }
            return lines
        }
    }

    static func text(_ lines: [String], trailingFeed: Bool = true) -> [UInt8] {
        Array((lines.joined(separator: "\n") + (trailingFeed ? "\n" : "")).utf8)
    }

    @Test("lines come out whole, in order, across 64 KiB chunk boundaries")
    func acrossChunks() throws {
        // 300,000 numbered lines of varying length: about 3 MB, many chunk boundaries mid-line.
        let expected = (0..<300_000).map { "\($0)\t" + String(repeating: "x", count: $0 % 17) }
        let got = try Self.lines(Gzip.compress(Self.text(expected)))
        #expect(got.count == expected.count)
        #expect(got.map { String(decoding: $0, as: UTF8.self) } == expected)
    }

    @Test("a last line without a line feed, empty lines and empty input")
    func edges() throws {
        #expect(try Self.lines(Gzip.compress(Self.text(["a", "", "bc"], trailingFeed: false))) == [[0x61], [], [0x62, 0x63]])
        #expect(try Self.lines(Gzip.compress(Array("\n\n".utf8))) == [[], []])
        #expect(try Self.lines(Gzip.compress([])) == [])
    }

    @Test("concatenated members read as one text, a line may span them")
    func concatenatedMembers() throws {
        let packed = Gzip.compress(Array("one\ntw".utf8)) + Gzip.compress(Array("o\nthree".utf8), level: 1)
        #expect(try Self.lines(packed).map { String(decoding: $0, as: UTF8.self) } == ["one", "two", "three"])
    }

    @Test("a line longer than the maximum is an error; one exactly at it is not")
    func lineLimit() throws {
        let atLimit = String(repeating: "a", count: 100)
        #expect(try Self.lines(Gzip.compress(Self.text([atLimit, "b"])), maximumLineLength: 100).count == 2)
        let error = #expect(throws: GzipError.limitExceeded) {
            try Self.lines(Gzip.compress(Self.text(["b", atLimit + "a"])), maximumLineLength: 100)
        }
        #expect(error?.detail == "a line longer than 100 bytes")
        // A huge line without any line feed fails once it passes the limit, not at the end.
        #expect(throws: GzipError.limitExceeded) {
            try Self.lines(Gzip.compress([UInt8](repeating: 0x61, count: 1 << 20)), maximumLineLength: 4096)
        }
    }

    @Test("truncated input is an error, never fewer lines", arguments: [10, 1000, -100, -2])
    func truncated(keep: Int) {
        let packed = Gzip.compress(Self.text((0..<20_000).map { "line \($0)" }))
        let cut = Array(packed.prefix(keep < 0 ? packed.count + keep : keep))
        #expect(throws: GzipError.truncated) { try Self.lines(cut) }
    }

    @Test("damaged input and trailing garbage are corrupt")
    func corrupt() {
        #expect(throws: GzipError.corrupt) { try Self.lines(Array("plain text\n".utf8)) }
        var packed = Gzip.compress(Self.text((0..<2000).map { "line \($0)" }))
        packed[packed.count - 6] ^= 0xFF
        #expect(throws: GzipError.corrupt) { try Self.lines(packed) }
        let trailing = Gzip.compress(Self.text(["a"])) + Array("garbage!!!".utf8)
        #expect(throws: GzipError.corrupt) { try Self.lines(trailing) }
    }
}
