import HTTPTesting
import Testing
@testable import Server

@Suite("ETag")
struct ETagTests {
    /// Reference values from the xxHash library's XXH64 with seed 0.
    static let known: [(input: [UInt8], etag: String)] = [
        ([], "\"ef46db3751d8e999-0\""),
        (Array("a".utf8), "\"d24ec4f1a98c6e5b-1\""),
        (Array("abc".utf8), "\"44bc2cf5ad770999-3\""),
        (Array("hello".utf8), "\"26c7827d889f6da3-5\""),
        (Array("GottaGo".utf8), "\"adf6cf28667d9418-7\""),
        (Array("Nobody inspects the spammish repetition".utf8), "\"fbcea83c8a378bf1-27\""),
        (Array((0..<768).map { UInt8(truncatingIfNeeded: $0) }), "\"8e03c838c596036f-300\""),
    ]

    @Test("known values", arguments: known)
    func knownValue(input: [UInt8], etag: String) {
        #expect(ETag.compute(input) == etag)
    }

    @Test func sameBytesSameTagOneBitDifferent() {
        var generator = SplitMix64(seed: 7)
        let body = (0..<100_003).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        let tag = ETag.compute(body)
        #expect(ETag.compute(Array(body)) == tag)
        for position in [0, 31, 32, 50_000, 100_002] {
            var flipped = body
            flipped[position] ^= 0x10
            #expect(ETag.compute(flipped) != tag)
        }
        #expect(ETag.compute(Array(body.dropLast())) != tag)
        #expect(tag.hasSuffix("-186a3\""))
        #expect(tag.utf8.count == 2 + 16 + 1 + 5)
    }

    static let ifNoneMatchCases: [(header: String, etag: String, matches: Bool)] = [
        ("*", "\"abc\"", true),
        ("\"abc\"", "\"abc\"", true),
        ("W/\"abc\"", "\"abc\"", true),
        ("\"abc\"", "W/\"abc\"", true),
        ("\"xyz\"", "\"abc\"", false),
        ("\"xyz\", \"abc\"", "\"abc\"", true),
        ("\"xyz\",W/\"abc\"", "\"abc\"", true),
        ("  \"abc\"  ", "\"abc\"", true),
        ("\"a,b\", \"abc\"", "\"abc\"", true),
        ("\"a,b\"", "\"a\"", false),
        ("\"ab\"", "\"abc\"", false),
        ("\"abcd\"", "\"abc\"", false),
        ("abc", "\"abc\"", false),
        ("\"abc", "\"abc\"", false),
        ("", "\"abc\"", false),
        ("w/\"abc\"", "\"abc\"", false),
        ("\"ABC\"", "\"abc\"", false),
    ]

    @Test("If-None-Match", arguments: ifNoneMatchCases)
    func matches(header: String, etag: String, matches: Bool) {
        #expect(ETag.matches(header, etag) == matches)
    }

    @Test func matchesItsOwnTag() {
        let tag = ETag.compute(Array("body".utf8))
        #expect(ETag.matches(tag, tag))
        #expect(ETag.matches("\"other\", W/\(tag)", tag))
    }
}

/// A small deterministic generator for test data.
