import Testing
@testable import Server

/// How a request's body length is read (RFC 9112 §6), and which framings are refused.
@Suite("Request framing")
struct RequestFramingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let version: String
        let fields: [(String, String)]
        let expected: String
        var testDescription: String { "\(version) \(fields.map { "\($0.0): \($0.1)" }.joined(separator: ", ")) → \(expected)" }
    }

    static let cases: [Case] = [
        Case(version: "HTTP/1.1", fields: [], expected: "valid nil false"),
        Case(version: "HTTP/1.1", fields: [("Content-Length", "38")], expected: "valid 38 false"),
        Case(version: "HTTP/1.1", fields: [("Content-Length", "3"), ("Content-Length", "3")], expected: "400 invalid_framing"),
        Case(version: "HTTP/1.1", fields: [("Content-Length", "0"), ("Content-Length", "38")], expected: "400 invalid_framing"),
        Case(version: "HTTP/1.1", fields: [("Content-Length", "+3")], expected: "400 invalid_framing"),
        Case(version: "HTTP/1.1", fields: [("Transfer-Encoding", "chunked")], expected: "valid nil true"),
        Case(version: "HTTP/1.1", fields: [("Content-Length", "5"), ("Transfer-Encoding", "chunked")], expected: "400 invalid_framing"),
        Case(version: "HTTP/1.1", fields: [("Transfer-Encoding", "gzip, chunked")], expected: "501 unsupported_transfer_coding"),
        Case(version: "HTTP/1.1", fields: [("Transfer-Encoding", "gzip"), ("Transfer-Encoding", "chunked")],
             expected: "501 unsupported_transfer_coding"),
        Case(version: "HTTP/1.1", fields: [("Transfer-Encoding", "chunked, gzip")], expected: "400 invalid_framing"),
        Case(version: "HTTP/1.1", fields: [("Transfer-Encoding", "xchunked")], expected: "400 invalid_framing"),
        Case(version: "HTTP/1.1", fields: [("Transfer-Encoding", "chunked"), ("Transfer-Encoding", "chunked")],
             expected: "400 invalid_framing"),
        Case(version: "HTTP/1.1", fields: [("Transfer-Encoding", "")], expected: "400 invalid_framing"),
        Case(version: "HTTP/1.0", fields: [("Transfer-Encoding", "chunked")], expected: "400 invalid_framing"),
        // As nginx, a body is chunked only for one field that says exactly `chunked`.
        Case(version: "HTTP/1.1", fields: [("Transfer-Encoding", "chunked ")], expected: "400 invalid_framing"),
        Case(version: "HTTP/1.1", fields: [("Transfer-Encoding", ",chunked")], expected: "400 invalid_framing"),
        Case(version: "HTTP/1.1", fields: [("Transfer-Encoding", "chunked,")], expected: "400 invalid_framing"),
        Case(version: "HTTP/1.1", fields: [("Transfer-Encoding", ""), ("Transfer-Encoding", "chunked")], expected: "400 invalid_framing"),
        Case(version: "HTTP/1.1", fields: [("Transfer-Encoding", "CHUNKED")], expected: "valid nil true"),
    ]

    @Test("framing fields are read or refused", arguments: cases)
    func framing(_ example: Case) {
        let framing = RequestFraming(version: example.version, headers: HTTPHeaders(example.fields))
        let shown = switch framing {
        case .valid(let length, let chunked): "valid \(length.map(String.init) ?? "nil") \(chunked)"
        case .invalid(let error): "\(error.status) \(error.code)"
        }
        #expect(shown == example.expected)
    }
}

/// Our checks of header field lines, on top of llhttp's: what could hide a framing field.
@Suite("Header field syntax")
struct HeaderFieldSyntaxTests {
    @Test("well-formed fields pass", arguments: [
        [("Host", "x"), ("Content-Length", "5"), ("X-Odd_Name!", "a b\tc")],
        [("host", "x"), ("Content-Type", "")],
    ])
    func wellFormed(_ fields: [(String, String)]) {
        #expect(HeaderFieldSyntax.problem(in: HTTPHeaders(fields), version: "HTTP/1.1") == nil)
    }

    @Test("malformed fields are refused with invalid_header", arguments: [
        [("Host", "x"), ("Content-Length ", "5")],
        [("Host", "x"), ("X", "a\rContent-Length: 5")],
        [("Host", "x"), ("X", "a\u{0}b")],
        [("Host", "x"), ("", "a")],
        [("Hostx", "y")],
        [("Host", "a"), ("Host", "b")],
        [],
    ])
    func malformed(_ fields: [(String, String)]) {
        #expect(HeaderFieldSyntax.problem(in: HTTPHeaders(fields), version: "HTTP/1.1")?.code == "invalid_header")
    }

    @Test("HTTP/1.0 needs no Host")
    func http10() {
        #expect(HeaderFieldSyntax.problem(in: HTTPHeaders(), version: "HTTP/1.0") == nil)
    }
}
