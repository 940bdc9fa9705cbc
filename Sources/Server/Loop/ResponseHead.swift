/// A response's status line and header section as bytes, with the fields the connection owns:
/// `Date`, the body's framing (`Content-Length`, or `Transfer-Encoding: chunked` for a stream)
/// and `Connection`; a handler's own field of those names is left out.
///
/// The head is written into a buffer its loop reuses for every answer, so an answer costs no
/// allocation for its head; what the socket does not take at once is copied out of it.
///
/// ```swift
/// var head: [UInt8] = []
/// ResponseHead.write(into: &head, status: 200, headers: [("Content-Type", "application/xml")], length: 12,
///                    chunked: false, connection: nil, date: Array("Mon, 07 Dec 2026 12:00:00 GMT".utf8))
/// // HTTP/1.1 200 OK\r\nContent-Type: application/xml\r\nDate: …\r\nContent-Length: 12\r\n\r\n
/// ```
enum ResponseHead {
    static func write(
        into head: inout [UInt8], status: Int, headers: HTTPHeaders, length: Int?, chunked: Bool, connection: String?,
        date: [UInt8]
    ) {
        head.removeAll(keepingCapacity: true)
        append("HTTP/1.1 ", to: &head)
        appendDecimal(status, to: &head)
        head.append(0x20)
        append(HTTPStatus.reason(status), to: &head)
        newline(&head)
        for field in headers where isServed(field) {
            append(field.name, to: &head)
            head.append(0x3A)
            head.append(0x20)
            append(field.value, to: &head)
            newline(&head)
        }
        append("Date: ", to: &head)
        head.append(contentsOf: date)
        newline(&head)
        if let length {
            append("Content-Length: ", to: &head)
            appendDecimal(length, to: &head)
            newline(&head)
        }
        if chunked { append("Transfer-Encoding: chunked\r\n", to: &head) }
        if let connection {
            append("Connection: ", to: &head)
            append(connection, to: &head)
            newline(&head)
        }
        newline(&head)
    }

    /// The head as a new array (for a head that is not written at once).
    static func bytes(
        status: Int, headers: HTTPHeaders, length: Int?, chunked: Bool, connection: String?, date: [UInt8]
    ) -> [UInt8] {
        var head: [UInt8] = []
        head.reserveCapacity(256 + headers.count * 48)
        write(into: &head, status: status, headers: headers, length: length, chunked: chunked, connection: connection, date: date)
        return head
    }

    /// Whether a handler's field goes out as it is: the connection's own fields are written by
    /// the connection, and a value that could end the line is left out.
    private static func isServed(_ field: HTTPHeaders.Field) -> Bool {
        switch field.name.utf8.count {
        case 4 where field.name.equalsIgnoringASCIICase("Date"),
             10 where field.name.equalsIgnoringASCIICase("Connection"),
             14 where field.name.equalsIgnoringASCIICase("Content-Length"),
             17 where field.name.equalsIgnoringASCIICase("Transfer-Encoding"):
            return false
        default:
            break
        }
        return !HeaderFieldSyntax.hasLineBreakOrNUL(field.value)
    }

    /// A string's bytes, copied at once when they are contiguous (a native string's are).
    private static func append(_ text: String, to head: inout [UInt8]) {
        if text.utf8.withContiguousStorageIfAvailable({ head.append(contentsOf: $0) }) == nil {
            head.append(contentsOf: text.utf8)
        }
    }

    private static func newline(_ head: inout [UInt8]) {
        head.append(0x0D)
        head.append(0x0A)
    }

    /// `value` (0 or more) in decimal digits.
    static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        var rest = max(value, 0)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while rest != 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }
}
