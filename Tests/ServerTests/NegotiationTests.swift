import Testing
@testable import Server

@Suite("Negotiation")
struct NegotiationTests {
    static let firefox = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
    static let chrome = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7"
    static let safari = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"

    /// nil: neither format is acceptable (406).
    static let acceptCases: [(header: String?, format: Format?)] = [
        (nil, .xml),
        ("", .xml),
        ("*/*", .xml),
        ("application/json", .json),
        ("application/xml", .xml),
        ("text/xml", .xml),
        ("application/problem+json", .json),
        ("APPLICATION/JSON", .json),
        ("application/json; charset=utf-8", .json),
        ("application/json, application/xml", .xml),
        ("application/json, application/xml;q=0.9", .json),
        ("application/xml;q=0.5, application/json", .json),
        ("*/*;q=0.1, application/json", .json),
        ("application/xml;q=0, application/json;q=0", nil),
        ("application/xml;q=0.000, text/xml;q=0, application/json;q=0", nil),
        ("*/*;q=0", nil),
        ("image/png, */*;q=0", nil),
        (firefox, .xml),
        (chrome, .xml),
        (safari, .xml),
        ("image/png", .xml),
        ("text/html", .xml),
        ("application/*", .xml),
        ("text/*", .xml),
        ("text/*;q=0.5, application/json;q=0.6", .json),
        ("application/xml;q=0", .json),
        ("application/json;q=0", .xml),
        ("application/json;q=0, */*", .xml),
        ("application/xml;q=0, */*", .json),
        ("application/xml;q=0, text/xml;q=0.2, application/json;q=0.1", .xml),
        ("text/xml;q=0.3, application/xml;q=0.2, application/json;q=0.25", .xml),
        ("application/json;q=0.8, application/xml;q=0.80", .xml),
        ("application/json;q=0.801, application/xml;q=0.8", .json),
        ("application/json;Q=0.5, application/xml;q=0.4", .json),
        ("application/json ; q=0.5 , application/xml ; q=0.4", .json),
        ("application/json;level=1;q=0.5, text/xml;q=0.4", .json),
        ("application/json;foo=\"a,b;q=0\";q=0.5, application/xml;q=0.4", .json),
        // A range with an invalid q is ignored.
        ("application/json;q=abc", .xml),
        ("application/json;q=1.5, application/xml;q=0.1", .xml),
        ("application/json;q=.5", .xml),
        ("application/json;q=0.5000", .xml),
        ("application/json;q=-1", .xml),
        ("application/json;q=", .xml),
        ("application/json;q=1.001", .xml),
        ("application/json;q=1.000, application/xml;q=0.999", .json),
        ("application/xml;q=bad, application/json;q=0.1", .json),
        ("json", .xml),
        (",,,", .xml),
    ]

    @Test("Accept", arguments: acceptCases)
    func preferred(header: String?, format: Format?) {
        #expect(Negotiation.preferredFormat(accept: header) == format)
    }

    @Test func orderIsSuffixQueryAccept() throws {
        let refuseAll = "application/xml;q=0, application/json;q=0"
        #expect(try Negotiation.format(suffix: .json, query: "xml", accept: "application/xml") == .json)
        #expect(try Negotiation.format(suffix: .xml, query: "bogus", accept: refuseAll) == .xml)
        #expect(try Negotiation.format(suffix: nil, query: "json", accept: "application/xml") == .json)
        #expect(try Negotiation.format(suffix: nil, query: "xml", accept: refuseAll) == .xml)
        #expect(try Negotiation.format(suffix: nil, query: nil, accept: "application/json") == .json)
        #expect(try Negotiation.format(suffix: nil, query: nil, accept: nil) == .xml)
    }

    static let badQuery = ["", "XML", "Json", "html", "xml ", "x"]

    @Test("format= must be xml or json", arguments: badQuery)
    func invalidFormatParameter(query: String) {
        let error = #expect(throws: NegotiationError.self) {
            try Negotiation.format(suffix: nil, query: query, accept: nil)
        }
        #expect(error == .invalidFormat)
        #expect(error?.status == 400)
    }

    @Test func notAcceptableIs406() {
        let error = #expect(throws: NegotiationError.self) {
            try Negotiation.format(suffix: nil, query: nil, accept: "application/xml;q=0, application/json;q=0")
        }
        #expect(error == .notAcceptable)
        #expect(error?.status == 406)
        #expect(error?.code == "not_acceptable")
    }

    static let bestEffortCases: [(path: String, query: String?, accept: String?, format: Format)] = [
        ("/nope", nil, nil, .xml),
        ("/nope.json", nil, nil, .json),
        ("/a/b.xml", "format=json", "application/json", .xml),
        ("/nope", "format=json", nil, .json),
        ("/nope", "format=bogus", "application/json", .xml),
        ("/nope", "format=%zz", "application/json", .json),
        ("/nope", nil, "application/json", .json),
        ("/nope", nil, "application/xml;q=0, application/json;q=0", .xml),
    ]

    @Test("best effort for error documents", arguments: bestEffortCases)
    func bestEffort(path: String, query: String?, accept: String?, format: Format) {
        #expect(Negotiation.bestEffortFormat(path: path, query: query?[...], accept: accept) == format)
    }

    static let acceptEncodingCases: [(header: String?, gzip: Bool)] = [
        (nil, false),
        ("", false),
        ("gzip", true),
        ("GZIP", true),
        ("x-gzip", true),
        ("gzip, deflate, br, zstd", true),
        ("deflate, br", false),
        ("identity", false),
        ("gzipx", false),
        ("gzip;q=0", false),
        ("gzip;q=0.0", false),
        ("gzip; q=0.000", false),
        ("gzip;q=0.001", true),
        (" gzip ; q=0.5 ", true),
        ("*", true),
        ("*;q=0", false),
        ("*, gzip;q=0", false),
        ("gzip;q=0, *", false),
        ("br;q=1.0, gzip;q=0.8, *;q=0.1", true),
        ("br, *;q=0.1", true),
        ("gzip;q=bad", false),
        ("gzip;q=bad, *", true),
        ("x-gzip;q=0, gzip", true),
    ]

    @Test("Accept-Encoding", arguments: acceptEncodingCases)
    func gzip(header: String?, gzip: Bool) {
        #expect(Negotiation.acceptsGzip(header) == gzip)
    }
}
