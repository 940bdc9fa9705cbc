import Testing
@testable import Server

/// The connection's request parser over bytes split anywhere: what a client's writes and the
/// socket's reads make of a request must not change what is parsed.
@Suite("Request parser")
struct RequestParserTests {
    static let request = Array(
        "GET /api/sbb/from/Bern/to/Z%C3%BCrich.xml?date=2026-12-01 HTTP/1.1\r\nHost: example.org\r\nAccept:  application/json \t\r\nX-Empty:\r\nUser-Agent: gottago-test/1.0 (a longer value, over one word)\r\n\r\n".utf8)

    struct Parsed: Equatable {
        var method = ""
        var target = ""
        var fields: [String] = []
        var complete = false
        var failure: String?
    }

    /// Feeds `bytes` in the pieces `cuts` make, each from its own buffer (as reads land), and
    /// returns what the parser made of them.
    static func parse(_ bytes: [UInt8], cuts: [Int]) -> Parsed {
        let parser = RequestParser(limits: ServerConfiguration.Limits())
        var parsed = Parsed()
        var start = 0
        for end in cuts + [bytes.count] where end > start {
            // A fresh copy, released after the call: the parser keeps nothing pointing into it.
            let piece = Array(bytes[start..<end])
            start = end
            let outcome = piece.withUnsafeBytes { parser.feed($0) }
            switch outcome {
            case .needMore: continue
            case .headComplete, .complete:
                parsed.complete = true
            case .failed(let error):
                parsed.failure = error.code
            }
            break
        }
        parsed.method = parser.head.method
        parsed.target = String(decoding: parser.head.target, as: UTF8.self)
        parsed.fields = parser.head.headers.map { "\($0.name)=\($0.value)" }
        return parsed
    }

    @Test("one read, two reads split at every byte, and a byte a read all parse alike")
    func splits() {
        let whole = Self.parse(Self.request, cuts: [])
        #expect(whole == Parsed(
            method: "GET", target: "/api/sbb/from/Bern/to/Z%C3%BCrich.xml?date=2026-12-01",
            fields: ["Host=example.org", "Accept=application/json", "X-Empty=", "User-Agent=gottago-test/1.0 (a longer value, over one word)"],
            complete: true))
        for cut in 1..<Self.request.count {
            #expect(Self.parse(Self.request, cuts: [cut]) == whole, "split at \(cut)")
        }
        #expect(Self.parse(Self.request, cuts: Array(1..<Self.request.count)) == whole)
    }

    @Test("a folded line is refused wherever the reads split it, after a value or after an empty first line", arguments: [
        "X-A: one\r\n two", "X-A: one\r\n\ttwo", "Content-Length:\r\n 5", "X-A:\r\n\t\tb",
    ])
    func fold(_ field: String) {
        let folded = Array("GET / HTTP/1.1\r\nHost: x\r\n\(field)\r\n\r\n".utf8)
        #expect(Self.parse(folded, cuts: []).failure == "invalid_header")
        for cut in 1..<folded.count {
            #expect(Self.parse(folded, cuts: [cut]).failure == "invalid_header", "split at \(cut)")
        }
    }
}
