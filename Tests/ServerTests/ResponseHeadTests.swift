import Testing
@testable import Server

/// An answer's head as the connection writes it.
@Suite("Response head")
struct ResponseHeadTests {
    static let date = Array("Mon, 07 Dec 2026 12:00:00 GMT".utf8)

    static func head(_ fields: [(String, String)], status: Int = 200, length: Int? = 12, chunked: Bool = false, connection: String? = nil) -> String {
        var bytes: [UInt8] = []
        ResponseHead.write(
            into: &bytes, status: status, headers: HTTPHeaders(fields), length: length, chunked: chunked, connection: connection, date: date)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("the status line, the handler's fields in order, then the connection's own")
    func layout() {
        #expect(Self.head([("Content-Type", "application/xml"), ("ETag", "\"a\"")], connection: "close") == """
            HTTP/1.1 200 OK\r
            Content-Type: application/xml\r
            ETag: "a"\r
            Date: Mon, 07 Dec 2026 12:00:00 GMT\r
            Content-Length: 12\r
            Connection: close\r
            \r

            """)
        #expect(Self.head([], status: 304, length: nil) == "HTTP/1.1 304 Not Modified\r\nDate: Mon, 07 Dec 2026 12:00:00 GMT\r\n\r\n")
        #expect(Self.head([], length: nil, chunked: true).hasSuffix("Transfer-Encoding: chunked\r\n\r\n"))
    }

    @Test("a handler's Date, Content-Length, Connection or Transfer-Encoding is left out: the connection writes its own")
    func connectionFields() {
        let text = Self.head([("date", "x"), ("Content-Length", "99"), ("CONNECTION", "keep-alive"), ("Transfer-Encoding", "gzip"), ("X", "y")])
        #expect(text.components(separatedBy: "\r\n").filter { !$0.isEmpty }.map { $0.prefix(while: { $0 != ":" }) }
            == ["HTTP/1.1 200 OK", "X", "Date", "Content-Length"])
        #expect(text.contains("Content-Length: 12\r\n"))
    }

    @Test("a value with a CR, LF or NUL anywhere is left out; other control bytes and UTF-8 stay", arguments: 0..<20)
    func lineBreaks(_ at: Int) {
        for bad: Character in ["\r", "\n", "\u{0}"] {
            var value = String(repeating: "v", count: 19)
            value.insert(bad, at: value.index(value.startIndex, offsetBy: at))
            let text = Self.head([("X-Bad", value), ("X-Good", "a\tb\u{1F}ü" + String(repeating: "w", count: at))])
            #expect(!text.contains("X-Bad"))
            #expect(text.contains("X-Good: a\tb\u{1F}ü"))
        }
    }

    @Test("the word-at-a-time scan agrees with a byte-by-byte one")
    func scan() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let bytes = (0..<Int.random(in: 0..<40, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator) | (Bool.random(using: &generator) ? 0x20 : 0)
            }
            let expected = bytes.contains { $0 == 0x0D || $0 == 0x0A || $0 == 0 }
            #expect(bytes.withUnsafeBufferPointer(HeaderFieldSyntax.hasLineBreakOrNUL) == expected, "\(bytes)")
        }
    }
}
