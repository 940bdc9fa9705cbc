import Testing
@testable import Server

@Suite("QueryParameters")
struct QueryParametersTests {
    static let table: [(raw: String?, pairs: [String])] = [
        (nil, []),
        ("", []),
        ("&&&", []),
        ("a=1&b=2&a=3&flag&=x&&", ["a=1", "b=2", "a=3", "flag=", "=x"]),
        ("a=1=2", ["a=1=2"]),
        ("q=Z%C3%BCrich+HB", ["q=Zürich HB"]),
        ("x%20y=1+2", ["x y=1 2"]),
        ("a=%26&b=%3D", ["a=&", "b=="]),
        ("a=", ["a="]),
        ("=", ["="]),
    ]

    @Test("parses", arguments: table)
    func parses(raw: String?, pairs: [String]) throws {
        let query = try QueryParameters(parsing: raw?[...])
        #expect(query.map { "\($0.name)=\($0.value)" } == pairs)
    }

    @Test func lookups() throws {
        let query = try QueryParameters(parsing: "a=1&b=2&a=3&flag")
        #expect(query.values(for: "a") == ["1", "3"])
        #expect(query.values(for: "zz") == [])
        #expect(query.first("a") == "1")
        #expect(query.first("flag") == "")
        #expect(query.first("zz") == nil)
        #expect(query.contains("flag"))
        #expect(!query.contains("fla"))
        #expect(query.count == 4)
    }

    static let errorCases: [(raw: String, error: URLDecodingError, parameter: String)] = [
        ("to=%zz", .invalidEscape, "to"),
        ("from=ok&to=Z%C3", .invalidUTF8, "to"),
        ("a=%00", .controlCharacter, "a"),
        ("%zz=1", .invalidEscape, "%zz"),
        ("a%C0%AF=1", .invalidUTF8, "a%C0%AF"),
    ]

    @Test("names the parameter in errors", arguments: errorCases)
    func namesParameter(raw: String, error: URLDecodingError, parameter: String) {
        let caught = #expect(throws: URLDecodingError.self) { try QueryParameters(parsing: raw[...]) }
        #expect(caught == error)
        #expect(caught?.parameter == parameter)
    }

    @Test func limit() throws {
        let hundred = (1...100).map { "p\($0)=\($0)" }.joined(separator: "&")
        #expect(try QueryParameters(parsing: hundred[...]).count == 100)
        let caught = #expect(throws: URLDecodingError.self) { try QueryParameters(parsing: (hundred + "&x")[...]) }
        #expect(caught == .tooManyParameters(limit: 100))
        // Empty pieces are not parameters.
        #expect(try QueryParameters(parsing: (hundred + "&&&")[...]).count == 100)
        #expect(throws: URLDecodingError.tooManyParameters(limit: 2)) { try QueryParameters(parsing: "a&b&c", limit: 2) }
    }
}
