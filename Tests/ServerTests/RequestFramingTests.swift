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
        Case(version: "HTTP/1.1", fields: [], expected: "valid nil false false"),
        Case(version: "HTTP/1.1", fields: [("Content-Length", "38")], expected: "valid 38 false false"),
        Case(version: "HTTP/1.1", fields: [("Content-Length", "3"), ("Content-Length", "3")], expected: "valid 3 false false"),
        Case(version: "HTTP/1.1", fields: [("Content-Length", "0"), ("Content-Length", "38")], expected: "400 invalid_framing"),
        Case(version: "HTTP/1.1", fields: [("Content-Length", "+3")], expected: "400 invalid_framing"),
        Case(version: "HTTP/1.1", fields: [("Transfer-Encoding", "chunked")], expected: "valid nil true false"),
        Case(version: "HTTP/1.1", fields: [("Content-Length", "5"), ("Transfer-Encoding", "chunked")], expected: "valid nil true true"),
        Case(version: "HTTP/1.1", fields: [("Transfer-Encoding", "gzip, chunked")], expected: "501 unsupported_transfer_coding"),
        Case(version: "HTTP/1.1", fields: [("Transfer-Encoding", "gzip"), ("Transfer-Encoding", "chunked")],
             expected: "501 unsupported_transfer_coding"),
        Case(version: "HTTP/1.1", fields: [("Transfer-Encoding", "chunked, gzip")], expected: "400 invalid_framing"),
        Case(version: "HTTP/1.1", fields: [("Transfer-Encoding", "xchunked")], expected: "400 invalid_framing"),
        Case(version: "HTTP/1.1", fields: [("Transfer-Encoding", "chunked"), ("Transfer-Encoding", "chunked")],
             expected: "400 invalid_framing"),
        Case(version: "HTTP/1.1", fields: [("Transfer-Encoding", "")], expected: "400 invalid_framing"),
        Case(version: "HTTP/1.0", fields: [("Transfer-Encoding", "chunked")], expected: "400 invalid_framing"),
        // libmicrohttpd reads a body as chunked only for one field that says exactly `chunked`.
        Case(version: "HTTP/1.1", fields: [("Transfer-Encoding", "chunked ")], expected: "400 invalid_framing"),
        Case(version: "HTTP/1.1", fields: [("Transfer-Encoding", ",chunked")], expected: "400 invalid_framing"),
        Case(version: "HTTP/1.1", fields: [("Transfer-Encoding", "chunked,")], expected: "400 invalid_framing"),
        Case(version: "HTTP/1.1", fields: [("Transfer-Encoding", ""), ("Transfer-Encoding", "chunked")], expected: "400 invalid_framing"),
        Case(version: "HTTP/1.1", fields: [("Transfer-Encoding", "CHUNKED")], expected: "valid nil true false"),
    ]

    @Test("framing fields are read or refused", arguments: cases)
    func framing(_ example: Case) {
        let framing = RequestFraming(version: example.version, headers: HTTPHeaders(example.fields))
        let shown = switch framing {
        case .valid(let length, let chunked, let closeAfter): "valid \(length.map(String.init) ?? "nil") \(chunked) \(closeAfter)"
        case .invalid(let error): "\(error.status) \(error.code)"
        }
        #expect(shown == example.expected)
    }

    @Test("a body follows a positive length or a chunked coding")
    func hasBody() {
        #expect(!RequestFraming(version: "HTTP/1.1", headers: [("Content-Length", "0")]).hasBody)
        #expect(RequestFraming(version: "HTTP/1.1", headers: [("Content-Length", "1")]).hasBody)
        #expect(RequestFraming(version: "HTTP/1.1", headers: [("Transfer-Encoding", "chunked")]).hasBody)
        #expect(!RequestFraming(version: "HTTP/1.1", headers: []).hasBody)
    }
}

/// When a connection's awaited request head began, which the head deadline counts from.
@Suite("Head deadline")
struct HeadDeadlineTests {
    static let second: UInt64 = 1_000_000_000

    @Test("a connection busy with a request waits for no head")
    func busy() {
        #expect(HTTPServer.headStart(awaitingSince: 0, recorded: 0, quietMilliseconds: 0, now: 50 * Self.second) == nil)
    }

    @Test("a start found by an earlier sweep is kept")
    func recorded() {
        #expect(HTTPServer.headStart(awaitingSince: 10 * Self.second, recorded: 12 * Self.second, quietMilliseconds: 0, now: 50 * Self.second)
            == 12 * Self.second)
    }

    @Test("a kept-alive connection that received nothing since its last request is idle, not late")
    func idle() {
        // The last data came 45 s ago, before the request that ended 40 s ago.
        #expect(HTTPServer.headStart(awaitingSince: 10 * Self.second, recorded: 0, quietMilliseconds: 45_000, now: 50 * Self.second) == nil)
    }

    @Test("bytes received after the last request start the next head's clock")
    func started() {
        #expect(HTTPServer.headStart(awaitingSince: 10 * Self.second, recorded: 0, quietMilliseconds: 2_000, now: 50 * Self.second)
            == 48 * Self.second)
    }

    @Test("bytes seen just after a quick answer are the answered request's own, by the kernel's coarse clock")
    func coarseReceiveTime() {
        // The request ended at 10.000 s; the kernel says its data came 2 ms ago at 10.003 s.
        #expect(HTTPServer.headStart(awaitingSince: 10 * Self.second, recorded: 0, quietMilliseconds: 2, now: 10 * Self.second + 5_000_000) == nil)
    }

    @Test("an unknown receive time starts nothing")
    func unknown() {
        #expect(HTTPServer.headStart(awaitingSince: 10 * Self.second, recorded: 0, quietMilliseconds: -1, now: 50 * Self.second) == nil)
    }
}

/// Header field lines that libmicrohttpd lets through but that could hide a framing field.
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
        [("Host", "x"), ("Content-Lengthx", "5")],
        [("Host", "x"), ("Transfer-Encodingchunked", "x")],
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
