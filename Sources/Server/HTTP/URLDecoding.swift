/// Percent-decoding of raw path segments and query components (RFC 3986 §2.1) into checked text.
///
/// The result is valid UTF-8 without control characters, so it can go into XML, logs and
/// upstream URLs as is. Text with no `%`, no `+` and only ASCII is returned without decoding.
///
/// ```swift
/// try URLDecoding.decode("Z%C3%BCrich", as: .pathSegment)   // "Zürich"
/// try URLDecoding.decode("a+b", as: .queryComponent)        // "a b"
/// try URLDecoding.decode("a+b", as: .pathSegment)           // "a+b"
/// ```
public enum URLDecoding {
    /// Where the raw text comes from, which decides what `+` means.
    public enum Component: Sendable {
        /// A path segment: `+` is a plus sign.
        case pathSegment
        /// A query name or value (`application/x-www-form-urlencoded`): `+` is a space.
        case queryComponent
    }

    /// Decodes raw text taken from a request target.
    public static func decode(_ raw: Substring, as component: Component) throws(URLDecodingError) -> String {
        var raw = raw
        // The Result carries the typed error out of `withUTF8`, whose closure throws untyped.
        let decoded = raw.withUTF8 { bytes in
            Result { () throws(URLDecodingError) in try decode(bytes, as: component) }
        }
        return try decoded.get()
    }

    /// Decodes raw bytes taken from a request target.
    public static func decode(_ raw: UnsafeBufferPointer<UInt8>, as component: Component) throws(URLDecodingError) -> String {
        if try isPlain(raw, component) { return String(decoding: raw, as: UTF8.self) }
        return try decodeEscaped(raw, component)
    }

    /// Whether the text needs no decoding; throws for a raw control character.
    private static func isPlain(_ raw: UnsafeBufferPointer<UInt8>, _ component: Component) throws(URLDecodingError) -> Bool {
        let plusIsSpace = component == .queryComponent
        for byte in raw {
            if byte == UInt8(ascii: "%") || byte >= 0x80 { return false }
            if plusIsSpace && byte == UInt8(ascii: "+") { return false }
            if byte < 0x20 || byte == 0x7F { throw .controlCharacter }
        }
        return true
    }

    private static func decodeEscaped(_ raw: UnsafeBufferPointer<UInt8>, _ component: Component) throws(URLDecodingError) -> String {
        let plusIsSpace = component == .queryComponent
        // Decoding never lengthens the text, so a buffer of the raw size is enough.
        let decoded = try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: raw.count) {
            out throws(URLDecodingError) -> String in
            var count = 0
            var sawNonASCII = false
            var index = 0
            while index < raw.count {
                var byte = raw[index]
                if byte == UInt8(ascii: "%") {
                    guard index + 2 < raw.count, let high = hexValue(raw[index + 1]),
                        let low = hexValue(raw[index + 2])
                    else { throw .invalidEscape }
                    byte = high << 4 | low
                    index += 3
                } else {
                    if plusIsSpace && byte == UInt8(ascii: "+") { byte = UInt8(ascii: " ") }
                    index += 1
                }
                if byte < 0x20 || byte == 0x7F { throw .controlCharacter }
                sawNonASCII = sawNonASCII || byte >= 0x80
                out[count] = byte
                count += 1
            }
            let bytes = UnsafeBufferPointer(rebasing: out[..<count])
            if sawNonASCII, !UTF8Validation.isValid(bytes) { throw .invalidUTF8 }
            return String(decoding: bytes, as: UTF8.self)
        }
        return decoded
    }

    @inline(__always)
    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit &- UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit &- UInt8(ascii: "A") &+ 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit &- UInt8(ascii: "a") &+ 10
        default: nil
        }
    }
}
