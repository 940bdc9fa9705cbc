import Kernel
import Store
import Testing

@Suite("CSVReader")
struct CSVReaderTests {
    /// Every row of `text`, fed in chunks of `chunk` bytes, as lists of fields with their lines.
    static func rows(_ text: String, chunk: Int = 1 << 20, maximumRowBytes: Int = 1024) throws -> [(line: Int, fields: [String])] {
        var reader = CSVReader(maximumRowBytes: maximumRowBytes, maximumFields: 16)
        var rows: [(line: Int, fields: [String])] = []
        let take = { (record: CSVRecord) in
            rows.append((record.line, (0..<record.count).map { record.text($0) ?? "" }))
        }
        let bytes = Array(text.utf8)
        var start = 0
        while start < bytes.count {
            let end = min(start + chunk, bytes.count)
            try bytes[start..<end].withUnsafeBytes { try reader.feed($0, take) }
            start = end
        }
        try reader.finish(take)
        return rows
    }

    static let tricky = "\u{FEFF}id,name,note\r\n1,\"Main St, \"\"North\"\"\",plain\r\n2,\"two\r\nlines\",x\r\n\r\n3,  padded  ,\r\n\r\n"

    @Test("BOM, CRLF, quotes with commas, escaped quotes and line breaks, blank lines", arguments: [1, 2, 3, 7, 1 << 20])
    func tricky(chunk: Int) throws {
        let rows = try Self.rows(Self.tricky, chunk: chunk)
        #expect(rows.map(\.fields) == [
            ["id", "name", "note"], ["1", "Main St, \"North\"", "plain"], ["2", "two\r\nlines", "x"], ["3", "padded", ""],
        ])
        #expect(rows.map(\.line) == [1, 2, 3, 6])
    }

    @Test("LF and lone CR endings, a last row without a break, a trailing comma")
    func endings() throws {
        #expect(try Self.rows("a,b\nc,d").map(\.fields) == [["a", "b"], ["c", "d"]])
        #expect(try Self.rows("a,b\rc,d\r").map(\.fields) == [["a", "b"], ["c", "d"]])
        #expect(try Self.rows("a,\n").map(\.fields) == [["a", ""]])
        #expect(try Self.rows("").isEmpty)
        #expect(try Self.rows("\n\n\r\n").isEmpty)
    }

    @Test("sloppy quoting is read the way it reads")
    func sloppy() throws {
        #expect(try Self.rows("5\" tall,x\n").map(\.fields) == [["5\" tall", "x"]])
        #expect(try Self.rows("\"a\"b,c\n").map(\.fields) == [["ab", "c"]])
        #expect(try Self.rows("\"\",x\n").map(\.fields) == [["", "x"]])
    }

    @Test("an unterminated quote and an over-long row are errors with their line")
    func errors() {
        #expect(throws: CSVError(kind: .malformed, message: "2: a quoted field never ends")) {
            _ = try Self.rows("a\n\"open,b\nc\n")
        }
        do {
            _ = try Self.rows("a\n" + String(repeating: "x", count: 2000) + "\n", chunk: 100)
            Issue.record("no error")
        } catch let error as CSVError {
            #expect(error.kind == .tooLong)
            #expect(error.message.hasPrefix("2:"))
        } catch {
            Issue.record("\(error)")
        }
        #expect(throws: CSVError.self) { _ = try Self.rows(String(repeating: ",", count: 20) + "\n") }
    }

    @Test("header names are trimmed and found in any order")
    func header() throws {
        var reader = CSVReader()
        var header: CSVHeader?
        try Array("trip_id,start_time,end_time,headway_secs, exact_times\n".utf8).withUnsafeBytes { bytes in
            try reader.feed(bytes) { header = CSVHeader($0) }
        }
        #expect(header?.column("exact_times") == 4)
        #expect(header?.column("trip_id") == 0)
        #expect(header?.column("stop_id") == nil)
    }
}
