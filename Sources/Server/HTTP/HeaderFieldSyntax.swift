/// Checks the header fields of a request head as the parser handed them over, on top of
/// llhttp's own checks: a malformed field line can hide a framing field from us while a proxy in
/// front reads it (request smuggling). A name that is not a token (`Content-Length : 5`), a CR,
/// LF or NUL in a value, and an HTTP/1.1 request without exactly one `Host` are each answered
/// 400 (RFC 9112 §5, §3.2). An obsolete line fold is refused by the parser itself
/// (`RequestParser`), which sees where a line begins.
enum HeaderFieldSyntax {
    /// The first problem with a request's header fields, or nil.
    static func problem(in headers: HTTPHeaders, version: String) -> HTTPError? {
        var hosts = 0
        for field in headers {
            guard !field.name.isEmpty, field.name.utf8.allSatisfy(isTokenByte) else {
                return .invalidHeader("A header field name is not a token: \(shown(field.name)).")
            }
            guard !hasLineBreakOrNUL(field.value) else {
                return .invalidHeader("The value of \(field.name) has a line break or NUL in it.")
            }
            if field.name.equalsIgnoringASCIICase("Host") { hosts += 1 }
        }
        if version == "HTTP/1.1", hosts != 1 {
            return .invalidHeader(hosts == 0 ? "An HTTP/1.1 request needs a Host field." : "The request has \(hosts) Host fields.")
        }
        return nil
    }

    /// Whether a field value holds a CR, LF or NUL, which could end its line: in a request, or
    /// in an answer's head (`ResponseHead` leaves such a field out).
    static func hasLineBreakOrNUL(_ value: String) -> Bool {
        value.utf8.withContiguousStorageIfAvailable(hasLineBreakOrNUL) ?? Array(value.utf8).withUnsafeBufferPointer(hasLineBreakOrNUL)
    }

    /// The same over bytes, eight at a time, since a value seldom holds any byte below 0x20 at all.
    static func hasLineBreakOrNUL(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let isBreak = { (byte: UInt8) in byte == 0x0D || byte == 0x0A || byte == 0 }
        guard let base = bytes.baseAddress else { return false }
        var index = 0
        while index + 8 <= bytes.count {
            let word = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: index, as: UInt64.self)
            // A byte below 0x20 sets its high bit here (and may set a higher byte's): look closer.
            if (word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080 != 0,
               bytes[index..<index + 8].contains(where: isBreak)
            {
                return true
            }
            index += 8
        }
        return bytes[index...].contains(where: isBreak)
    }

    /// RFC 9110 §5.6.2 `tchar`.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
            true
        default:
            "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    /// A name as shown in a message: printable and short.
    private static func shown(_ name: String) -> String {
        let printable = name.unicodeScalars.prefix(40).map { $0.value >= 0x20 && $0.value < 0x7F ? String($0) : "?" }.joined()
        return "\"\(printable)\(name.unicodeScalars.count > 40 ? "…" : "")\""
    }
}
