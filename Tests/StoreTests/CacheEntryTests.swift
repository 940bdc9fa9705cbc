import Testing
@testable import Store

@Suite("CacheEntry")
struct CacheEntryTests {
    static let entries = [
        CacheEntry(value: Array("<stationboard/>".utf8), storedAt: 1_800_000_000_123, freshForMilliseconds: 30_000, keepForMilliseconds: 630_000),
        CacheEntry(value: [], storedAt: 0, freshForMilliseconds: 0, keepForMilliseconds: 0),
        CacheEntry(value: (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }, storedAt: -5, freshForMilliseconds: 1, keepForMilliseconds: .max),
    ]

    @Test("encoding round trip", arguments: entries)
    func roundTrip(_ entry: CacheEntry) {
        let bytes = entry.encoded()
        #expect(bytes.count == CacheEntry.headerCount + entry.value.count)
        #expect(CacheEntry(decoding: bytes) == entry)
        #expect(CacheEntry(decoding: bytes[...]) == entry)
    }

    @Test("every truncation and any extra byte is rejected")
    func truncated() {
        let bytes = Self.entries[0].encoded()
        for count in 0..<bytes.count {
            #expect(CacheEntry(decoding: bytes.prefix(count)) == nil, "prefix of \(count) bytes")
        }
        #expect(CacheEntry(decoding: bytes + [0]) == nil)
    }

    @Test("foreign bytes are rejected")
    func foreign() {
        var wrongFormat = Self.entries[0].encoded()
        wrongFormat[3] = 2
        #expect(CacheEntry(decoding: wrongFormat) == nil)
        var wrongMagic = Self.entries[0].encoded()
        wrongMagic[0] = UInt8(ascii: "G")
        #expect(CacheEntry(decoding: wrongMagic) == nil)
        #expect(CacheEntry(decoding: Array("{\"some\":\"json\"}".utf8)) == nil)
        #expect(CacheEntry(decoding: [UInt8](repeating: 0xFF, count: 200)) == nil)
        // Right header, a negative duration: not something encoded() writes.
        var negative = CacheEntry(value: [1], storedAt: 0, freshForMilliseconds: 0, keepForMilliseconds: 10).encoded()
        for index in 20..<28 { negative[index] = 0xFF }
        #expect(CacheEntry(decoding: negative) == nil)
    }

    @Test("expiry: gone from storedAt + keepFor on, saturating")
    func expiry() {
        let entry = CacheEntry(value: [1], storedAt: 1000, freshForMilliseconds: 10, keepForMilliseconds: 50)
        #expect(entry.expiresAt == 1050)
        #expect(!entry.isExpired(at: 1049))
        #expect(entry.isExpired(at: 1050))
        #expect(Self.entries[2].expiresAt == .max - 5)
        let forever = CacheEntry(value: [], storedAt: 10, freshForMilliseconds: 0, keepForMilliseconds: .max)
        #expect(forever.expiresAt == .max)
    }
}
