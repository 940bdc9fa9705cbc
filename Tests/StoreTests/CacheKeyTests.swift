import Testing
@testable import Store

@Suite("CacheKey")
struct CacheKeyTests {
    @Test("FNV-1a 64 matches the reference vectors", arguments: [
        ("", UInt64(0xcbf2_9ce4_8422_2325)), ("a", 0xaf63_dc4c_8601_ec8c), ("foobar", 0x8594_4171_f739_67e8),
    ])
    func fnv(_ input: String, _ expected: UInt64) {
        var hash = FNV1a64()
        hash.add(input.utf8)
        #expect(hash.value == expected)
    }

    @Test("the key names the route and its digest, then 16 hex digits")
    func shape() {
        let key = CacheKey.make(route: "sbb-stationboard", routeDigest: "9f2c", method: "GET", url: "https://x.example/a?b=1", body: nil)
        #expect(key.hasPrefix("gottago:v2:sbb-stationboard:9f2c:"))
        let hash = key.split(separator: ":").last ?? ""
        #expect(hash.count == 16)
        #expect(hash.allSatisfy { "0123456789abcdef".contains($0) })
        #expect(CacheKey.hex(0x0123_4567_89ab_cdef) == "0123456789abcdef")
        #expect(CacheKey.hex(1) == "0000000000000001")
    }

    @Test("every part of the request changes the key; no body and an empty body do not")
    func distinct() {
        func key(route: String = "r", digest: String = "d", method: String = "GET", url: String = "https://x/", body: [UInt8]? = nil) -> String {
            CacheKey.make(route: route, routeDigest: digest, method: method, url: url, body: body)
        }
        let base = key()
        #expect(key(route: "s") != base)
        #expect(key(digest: "e") != base)
        #expect(key(method: "POST") != base)
        #expect(key(url: "https://x/?") != base)
        #expect(key(body: [1]) != base)
        #expect(key(body: []) == base)
        #expect(key() == base)
        // The separators keep a shifted boundary from colliding.
        #expect(key(method: "GE", url: "Thttps://x/") != base)
    }
}
