import Markup

/// Strong entity tags over response bodies, and `If-None-Match` evaluation (RFC 9110 §8.8.3, §13.1.2).
///
/// A tag is the body's XXH64 (seed 0) and length, both in lowercase hex: the same bytes give the
/// same tag on every run and every instance behind a load balancer.
///
/// ```swift
/// ETag.compute(Array("hello".utf8))   // "\"26c7827d889f6da3-5\""
/// ```
public enum ETag {
    /// The strong ETag of a body, quotes included.
    public static func compute(_ bytes: [UInt8]) -> String {
        bytes.withUnsafeBytes { compute($0) }
    }

    /// The strong ETag of a body, quotes included.
    public static func compute(_ bytes: UnsafeRawBufferPointer) -> String {
        let hash = XXHash64.hash(bytes)
        let length = UInt64(bytes.count)
        let lengthDigits = max(1, (64 - length.leadingZeroBitCount + 3) / 4)
        let total = 2 + 16 + 1 + lengthDigits
        return String(unsafeUninitializedCapacity: total) { out in
            out[0] = UInt8(ascii: "\"")
            writeHex(hash, digits: 16, into: out, at: 1)
            out[17] = UInt8(ascii: "-")
            writeHex(length, digits: lengthDigits, into: out, at: 18)
            out[total - 1] = UInt8(ascii: "\"")
            return total
        }
    }

    /// Whether an `If-None-Match` value matches a tag: `*`, or any listed tag equal under weak
    /// comparison (`W/"a"` matches `"a"`). A malformed list matches only up to the malformed part.
    public static func matches(_ ifNoneMatch: String, _ etag: String) -> Bool {
        var header = ifNoneMatch
        var etag = etag
        return header.withUTF8 { header in
            etag.withUTF8 { etag in matches(header, opaque(etag[...])) }
        }
    }

    private static func matches(_ header: UnsafeBufferPointer<UInt8>, _ wanted: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        var index = 0
        while true {
            while index < header.count,
                header[index] == UInt8(ascii: " ") || header[index] == UInt8(ascii: "\t") || header[index] == UInt8(ascii: ",")
            {
                index += 1
            }
            guard index < header.count else { return false }
            if header[index] == UInt8(ascii: "*") { return true }
            let tag = opaque(header[index...])
            guard tag.first == UInt8(ascii: "\""),
                let close = tag.dropFirst().firstIndex(of: UInt8(ascii: "\""))
            else { return false }
            if tag[...close].elementsEqual(wanted) { return true }
            index = close + 1
        }
    }

    /// The quoted opaque tag without a weakness prefix.
    private static func opaque(_ tag: Slice<UnsafeBufferPointer<UInt8>>) -> Slice<UnsafeBufferPointer<UInt8>> {
        tag.starts(with: "W/".utf8) ? tag.dropFirst(2) : tag
    }

    private static func writeHex(_ value: UInt64, digits: Int, into out: UnsafeMutableBufferPointer<UInt8>, at start: Int) {
        var value = value
        for position in stride(from: start + digits - 1, through: start, by: -1) {
            let nibble = UInt8(truncatingIfNeeded: value & 0xF)
            out[position] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
            value >>= 4
        }
    }
}
