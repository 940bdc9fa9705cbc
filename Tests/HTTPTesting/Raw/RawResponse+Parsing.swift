extension RawResponse {
    /// Parses the first response in `bytes`, or returns nil when more bytes are needed.
    ///
    /// Framing follows RFC 9112 §6.3: no body for HEAD (`expectBody == false`), 1xx, 204 and 304;
    /// then chunked, then Content-Length, else the body runs until the server closes.
    /// - Parameter atEOF: The server has closed, so a body without framing ends here and a
    ///   short one is an error instead of "need more".
    static func parse(_ bytes: [UInt8], expectBody: Bool, atEOF: Bool, url: String) throws(HTTPTestError) -> RawResponse? {
        guard let headerEnd = find([13, 10, 13, 10], in: bytes, from: 0) else {
            if atEOF { throw malformed("connection closed inside the header block", bytes, url) }
            return nil
        }
        let head = String(decoding: bytes[..<headerEnd], as: UTF8.self)
        let lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)
        let statusParts = lines[0].split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard statusParts.count >= 2, statusParts[0].hasPrefix("HTTP/"), let status = Int(statusParts[1]) else {
            throw malformed("bad status line \"\(lines[0])\"", bytes, url)
        }
        let headers = lines.dropFirst().compactMap { HeaderLookup.parseField($0) }
        let bodyStart = headerEnd + 4
        let body: [UInt8]
        if !expectBody || (100..<200).contains(status) || status == 204 || status == 304 {
            body = []
        } else if let encoding = HeaderLookup.first("Transfer-Encoding", in: headers), encoding.lowercased().contains("chunked") {
            guard let decoded = try decodeChunked(bytes, from: bodyStart, url: url) else {
                if atEOF { throw truncated("connection closed inside the chunked body", bytes, url) }
                return nil
            }
            body = decoded
        } else if let lengthText = HeaderLookup.first("Content-Length", in: headers) {
            guard let length = Int(lengthText), length >= 0 else { throw malformed("bad Content-Length \(lengthText)", bytes, url) }
            guard bytes.count - bodyStart >= length else {
                if atEOF { throw truncated("connection closed after \(bytes.count - bodyStart) of \(length) body bytes", bytes, url) }
                return nil
            }
            body = Array(bytes[bodyStart..<(bodyStart + length)])
        } else {
            guard atEOF else { return nil }
            body = Array(bytes[bodyStart...])
        }
        let reason = statusParts.count > 2 ? String(statusParts[2]) : ""
        return RawResponse(status: status, reason: reason, httpVersion: String(statusParts[0]), headers: headers, body: body, raw: bytes)
    }

    /// Decodes chunks starting at `start`; nil until the last chunk and trailer section are complete.
    private static func decodeChunked(_ bytes: [UInt8], from start: Int, url: String) throws(HTTPTestError) -> [UInt8]? {
        var body: [UInt8] = []
        var position = start
        while true {
            guard let lineEnd = find([13, 10], in: bytes, from: position) else { return nil }
            let sizeField = String(decoding: bytes[position..<lineEnd], as: UTF8.self).prefix { $0 != ";" }
            guard let size = Int(sizeField.trimmingOWS(), radix: 16) else {
                throw malformed("bad chunk size \"\(sizeField)\"", bytes, url)
            }
            position = lineEnd + 2
            if size == 0 {
                // Trailer fields, if any, end with an empty line.
                if bytes.count >= position + 2, bytes[position] == 13, bytes[position + 1] == 10 { return body }
                return find([13, 10, 13, 10], in: bytes, from: position) == nil ? nil : body
            }
            guard bytes.count >= position + size + 2 else { return nil }
            body.append(contentsOf: bytes[position..<(position + size)])
            position += size + 2
        }
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    private static func malformed(_ message: String, _ bytes: [UInt8], _ url: String) -> HTTPTestError {
        HTTPTestError(kind: .malformedResponse, code: 0, message: "\(message) after \(bytes.count) bytes: \(preview(bytes))", url: url)
    }

    private static func truncated(_ message: String, _ bytes: [UInt8], _ url: String) -> HTTPTestError {
        HTTPTestError(kind: .connectionReset, code: 0, message: "\(message): \(preview(bytes))", url: url)
    }

    /// The start of what arrived, printable, so a failing test shows what the server actually sent.
    private static func preview(_ bytes: [UInt8]) -> String {
        String(decoding: bytes.prefix(200), as: UTF8.self).debugDescription
    }
}

