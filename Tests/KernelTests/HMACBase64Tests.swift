import Kernel
import Testing

@Suite("HMAC-SHA-256 and base 64 for URLs")
struct HMACBase64Tests {
    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    // RFC 4231 §4.2, §4.3 and §4.7 (a key longer than a block).
    @Test("RFC 4231's test cases 1, 2 and 6")
    func rfc4231() {
        #expect(Self.hex(HMACSHA256.tag(key: [UInt8](repeating: 0x0B, count: 20), message: Array("Hi There".utf8)))
            == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
        #expect(Self.hex(HMACSHA256.tag(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8)))
            == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        #expect(Self.hex(HMACSHA256.tag(
            key: [UInt8](repeating: 0xAA, count: 131), message: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8)))
            == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
    }

    @Test("tags compare equal only when every byte is")
    func comparison() {
        #expect(HMACSHA256.equal([1, 2, 3], [1, 2, 3]))
        #expect(!HMACSHA256.equal([1, 2, 3], [1, 2, 4]))
        #expect(!HMACSHA256.equal([1, 2, 3], [1, 2]))
    }

    // RFC 4648 §10's vectors, unpadded, and the two characters that differ from base 64.
    @Test("RFC 4648's vectors both ways", arguments: [
        ("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"), ("fooba", "Zm9vYmE"), ("foobar", "Zm9vYmFy"),
    ])
    func vectors(plain: String, encoded: String) {
        #expect(Base64URL.encode(Array(plain.utf8)) == encoded)
        #expect(Base64URL.decode(encoded) == Array(plain.utf8))
    }

    @Test("- and _ stand for 62 and 63; every byte string comes back")
    func alphabet() {
        #expect(Base64URL.encode([0xFB, 0xFF]) == "-_8")
        let all = (0...255).map(UInt8.init)
        for length in 0..<40 {
            let bytes = Array(all.dropFirst(length * 5).prefix(length))
            #expect(Base64URL.decode(Base64URL.encode(bytes)) == bytes)
        }
    }

    @Test("padding, other alphabets, impossible lengths and stray bits are refused", arguments: [
        "Zg==", "Zm+v", "Zm/v", "Z", "Zm9vY", "Zh", "Zm9", "Zm 9v", "Zm9vÿ",
    ])
    func refused(text: String) {
        #expect(Base64URL.decode(text) == nil)
    }
}
