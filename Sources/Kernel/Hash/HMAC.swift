/// HMAC-SHA-256 (RFC 2104 over FIPS 180-4): a tag that only a holder of `key` can make for a
/// message, and that changes with any byte of either.
///
/// ```swift
/// HMACSHA256.tag(key: Array("key".utf8), message: Array("The quick brown fox jumps over the lazy dog".utf8))
/// // f7bc83f4 30538424 b13298e6 aa6fb143 ef4d59a1 49461759 97479dbc 2d1a3cd8
/// ```
public enum HMACSHA256 {
    /// The 32-byte tag of `message` under `key`.
    public static func tag(key: some Collection<UInt8>, message: some Collection<UInt8>) -> [UInt8] {
        let blockSize = 64
        var block = key.count > blockSize ? SHA256.digest(key) : Array(key)
        block += [UInt8](repeating: 0, count: blockSize - block.count)
        let inner = SHA256.digest(block.map { $0 ^ 0x36 } + Array(message))
        return SHA256.digest(block.map { $0 ^ 0x5C } + inner)
    }

    /// Whether two tags are equal, in time that does not depend on where they differ.
    public static func equal(_ a: some Collection<UInt8>, _ b: some Collection<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for (x, y) in zip(a, b) { difference |= x ^ y }
        return difference == 0
    }
}
