import Compression
import HTTPTesting
import Testing
@testable import Server

@Suite("Gzip")
struct GzipTests {
    static func random(_ count: Int, seed: UInt64 = 1) -> [UInt8] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    }

    static let text = Array(String(repeating: "<link><departure>2026-11-29T12:00:00+01:00</departure></link>", count: 2000).utf8)

    /// Inputs by name, so that a failing case prints its name rather than a megabyte of bytes.
    static func input(_ name: String) -> [UInt8] {
        switch name {
        case "one byte": [0x41]
        case "text": text
        case "1 MiB random": random(1 << 20)
        default: []
        }
    }

    @Test("round trip", arguments: ["empty", "one byte", "text", "1 MiB random"])
    func roundTrip(name: String) throws {
        let bytes = Self.input(name)
        let packed = Gzip.compress(bytes)
        #expect(packed.starts(with: [0x1F, 0x8B, 0x08]))
        #expect(try Gzip.decompress(packed, limit: bytes.count) == bytes)
    }

    @Test("levels", arguments: [-5, 0, 1, 9, 42])
    func levels(level: Int) throws {
        let packed = Gzip.compress(Self.text, level: level)
        #expect(try Gzip.decompress(packed, limit: Self.text.count) == Self.text)
        if level >= 1 { #expect(packed.count < Self.text.count / 20) }
    }

    @Test func overLimitThrows() throws {
        let packed = Gzip.compress(Self.text)
        #expect(throws: GzipError.limitExceeded) { try Gzip.decompress(packed, limit: Self.text.count - 1) }
        #expect(throws: GzipError.limitExceeded) { try Gzip.decompress(packed, limit: 0) }
        #expect(try Gzip.decompress(Gzip.compress([]), limit: 0) == [])
    }

    static let truncations: [Int] = [0, 1, 10, 11, 20, 100, 2]

    @Test("truncated input", arguments: truncations)
    func truncated(keep: Int) {
        let packed = Gzip.compress(Self.text)
        let cut = Array(packed.prefix(keep == 2 ? packed.count - 2 : keep))
        #expect(throws: GzipError.truncated) { try Gzip.decompress(cut, limit: 1 << 20) }
    }

    @Test func corruptInput() {
        var error = #expect(throws: GzipError.self) { try Gzip.decompress(Array("hello, world".utf8), limit: 1 << 20) }
        #expect(error == .corrupt)
        #expect(error?.detail.isEmpty == false)

        var packed = Gzip.compress(Self.text)
        packed[packed.count - 6] ^= 0xFF
        error = #expect(throws: GzipError.self) { try Gzip.decompress(packed, limit: 1 << 20) }
        #expect(error == .corrupt)

        var body = Gzip.compress(Self.random(4096))
        body[body.count / 2] ^= 0x01
        #expect(throws: GzipError.corrupt) { try Gzip.decompress(body, limit: 1 << 20) }

        let trailingGarbage = Gzip.compress(Self.text) + Array("garbage!!!".utf8)
        #expect(throws: GzipError.corrupt) { try Gzip.decompress(trailingGarbage, limit: 1 << 20) }
    }

    @Test func concatenatedMembers() throws {
        let first = Array("first ".utf8), second = Array("second".utf8)
        let packed = Gzip.compress(first) + Gzip.compress(second, level: 1)
        #expect(try Gzip.decompress(packed, limit: 100) == first + second)
    }
}
