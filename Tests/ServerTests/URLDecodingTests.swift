import Testing
@testable import Server

@Suite("URLDecoding")
struct URLDecodingTests {
    typealias Outcome = Result<String, URLDecodingError>

    static let table: [(raw: String, path: Outcome, query: Outcome)] = [
        ("%", .failure(.invalidEscape), .failure(.invalidEscape)),
        ("%4", .failure(.invalidEscape), .failure(.invalidEscape)),
        ("%zz", .failure(.invalidEscape), .failure(.invalidEscape)),
        ("a%2", .failure(.invalidEscape), .failure(.invalidEscape)),
        ("%G1", .failure(.invalidEscape), .failure(.invalidEscape)),
        ("%00", .failure(.controlCharacter), .failure(.controlCharacter)),
        ("%0A", .failure(.controlCharacter), .failure(.controlCharacter)),
        ("%1f", .failure(.controlCharacter), .failure(.controlCharacter)),
        ("%7F", .failure(.controlCharacter), .failure(.controlCharacter)),
        ("a\u{01}b", .failure(.controlCharacter), .failure(.controlCharacter)),
        ("a\tb", .failure(.controlCharacter), .failure(.controlCharacter)),
        ("%C0%AF", .failure(.invalidUTF8), .failure(.invalidUTF8)),
        ("%E0%80%AF", .failure(.invalidUTF8), .failure(.invalidUTF8)),
        ("%ED%A0%80", .failure(.invalidUTF8), .failure(.invalidUTF8)),
        ("%E2%82", .failure(.invalidUTF8), .failure(.invalidUTF8)),
        ("%F4%90%80%80", .failure(.invalidUTF8), .failure(.invalidUTF8)),
        ("%80", .failure(.invalidUTF8), .failure(.invalidUTF8)),
        ("%FF", .failure(.invalidUTF8), .failure(.invalidUTF8)),
        ("Z%C3%BCrich", .success("Zürich"), .success("Zürich")),
        ("Z%c3%bcrich", .success("Zürich"), .success("Zürich")),
        ("Zürich", .success("Zürich"), .success("Zürich")),
        ("Z%C3%BCrich+HB", .success("Zürich+HB"), .success("Zürich HB")),
        ("a+b", .success("a+b"), .success("a b")),
        ("%2B", .success("+"), .success("+")),
        ("a%2Fb", .success("a/b"), .success("a/b")),
        ("%3B", .success(";"), .success(";")),
        ("%F0%9F%9A%86", .success("🚆"), .success("🚆")),
        ("%F4%8F%BF%BF", .success("\u{10FFFF}"), .success("\u{10FFFF}")),
        ("%41%42c", .success("ABc"), .success("ABc")),
        ("plain-ascii_~.", .success("plain-ascii_~."), .success("plain-ascii_~.")),
        ("", .success(""), .success("")),
    ]

    @Test("decodes or rejects", arguments: table)
    func decode(raw: String, path: Outcome, query: Outcome) {
        #expect(Outcome { () throws(URLDecodingError) in try URLDecoding.decode(raw[...], as: .pathSegment) } == path)
        #expect(Outcome { () throws(URLDecodingError) in try URLDecoding.decode(raw[...], as: .queryComponent) } == query)
        let bytes = Array(raw.utf8)
        let fromBytes = bytes.withUnsafeBufferPointer { buffer in
            Outcome { () throws(URLDecodingError) in try URLDecoding.decode(buffer, as: .pathSegment) }
        }
        #expect(fromBytes == path)
    }

    static let invalidRawBytes: [[UInt8]] = [[0xFF], [0x5A, 0xC3], [0xC0, 0xAF], [0xED, 0xA0, 0x80]]

    @Test("raw bytes must be valid UTF-8", arguments: invalidRawBytes)
    func rawBytes(bytes: [UInt8]) {
        let outcome = bytes.withUnsafeBufferPointer { buffer in
            Outcome { () throws(URLDecodingError) in try URLDecoding.decode(buffer, as: .queryComponent) }
        }
        #expect(outcome == .failure(.invalidUTF8))
    }

    @Test func substringOfLargerString() throws {
        let target = "/api/x/Z%C3%BCrich/tail"
        let segment = target.split(separator: "/")[2]
        #expect(try URLDecoding.decode(segment, as: .pathSegment) == "Zürich")
    }

    @Test func errorsNameTheParameterAndAre400() {
        let error = URLDecodingError.invalidEscape.naming("to")
        #expect(error == .invalidEscape)
        #expect(error.parameter == "to")
        #expect(error.status == 400)
        #expect(error.code == "invalid_percent_escape")
        #expect(error.message.contains("'to'"))
    }
}
