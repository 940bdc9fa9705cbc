/// A response's status line and header section as bytes, with the fields the connection owns:
/// `Date`, the body's framing (`Content-Length`, or `Transfer-Encoding: chunked` for a stream)
/// and `Connection`.
///
/// ```swift
/// ResponseHead.bytes(status: 200, headers: [("Content-Type", "application/xml")], length: 12, chunked: false,
///                    connection: nil, date: "Mon, 07 Dec 2026 12:00:00 GMT")
/// // HTTP/1.1 200 OK\r\nContent-Type: application/xml\r\nDate: …\r\nContent-Length: 12\r\n\r\n
/// ```
enum ResponseHead {
    static func bytes(
        status: Int, headers: HTTPHeaders, length: Int?, chunked: Bool, connection: String?, date: String
    ) -> [UInt8] {
        var head: [UInt8] = []
        head.reserveCapacity(256 + headers.count * 48)
        head.append(contentsOf: "HTTP/1.1 \(status) \(HTTPStatus.reason(status))\r\n".utf8)
        for field in headers {
            // The connection's own fields are written below; a value that could end the line is left out.
            if field.name.equalsIgnoringASCIICase("Connection") || field.name.equalsIgnoringASCIICase("Transfer-Encoding")
                || field.name.equalsIgnoringASCIICase("Date")
            {
                continue
            }
            guard !field.value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0 }) else { continue }
            head.append(contentsOf: field.name.utf8)
            head.append(contentsOf: [0x3A, 0x20])
            head.append(contentsOf: field.value.utf8)
            head.append(contentsOf: [0x0D, 0x0A])
        }
        head.append(contentsOf: "Date: \(date)\r\n".utf8)
        if let length { head.append(contentsOf: "Content-Length: \(length)\r\n".utf8) }
        if chunked { head.append(contentsOf: "Transfer-Encoding: chunked\r\n".utf8) }
        if let connection { head.append(contentsOf: "Connection: \(connection)\r\n".utf8) }
        head.append(contentsOf: [0x0D, 0x0A])
        return head
    }
}
