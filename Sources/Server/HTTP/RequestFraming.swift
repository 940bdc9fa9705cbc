/// How a request's body is delimited, checked against RFC 9112 §6 before any of it is read.
///
/// A request whose length two parties could read differently is how one client's bytes become
/// another request behind a proxy (request smuggling), so such requests are refused and their
/// connection closed:
///
/// ```swift
/// RequestFraming(version: "HTTP/1.1", headers: [("Content-Length", "0"), ("Content-Length", "38")])
/// // .invalid(400 invalid_framing)
/// RequestFraming(version: "HTTP/1.1", headers: [("Content-Length", "5"), ("Transfer-Encoding", "chunked")])
/// // .valid(length: nil, chunked: true, closeAfter: true)
/// ```
///
/// libmicrohttpd itself answers a `Content-Length` that is not a number, or a list in one field,
/// with its own 400 and a closed connection before the request reaches us.
enum RequestFraming: Equatable {
    /// The body is delimited unambiguously.
    /// - Parameters:
    ///   - length: The declared `Content-Length`, nil for none or for a chunked body.
    ///   - chunked: Whether the body is sent with the chunked transfer coding.
    ///   - closeAfter: Whether the connection must close after the response (both framings were sent, §6.1).
    case valid(length: Int?, chunked: Bool, closeAfter: Bool)
    /// The framing is faulty or unsupported: answer this error, then close.
    case invalid(HTTPError)

    /// Reads the framing fields of a request head.
    init(version: String, headers: HTTPHeaders) {
        let lengths = headers.values("Content-Length")
        let encodings = headers.values("Transfer-Encoding")
        guard encodings.isEmpty else {
            self = Self.chunked(version: version, encodings: encodings, hasLength: !lengths.isEmpty)
            return
        }
        guard let first = lengths.first else {
            self = .valid(length: nil, chunked: false, closeAfter: false)
            return
        }
        guard lengths.allSatisfy({ $0 == first }) else {
            self = .invalid(.invalidFraming("The request has Content-Length fields that differ."))
            return
        }
        guard let length = Int(first), length >= 0, first.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
            self = .invalid(.invalidFraming("The request's Content-Length is not a number."))
            return
        }
        self = .valid(length: length, chunked: false, closeAfter: false)
    }

    /// Whether a body follows the head.
    var hasBody: Bool {
        switch self {
        case .valid(let length, let chunked, _): chunked || (length ?? 0) > 0
        case .invalid: false
        }
    }

    private static func chunked(version: String, encodings: [String], hasLength: Bool) -> RequestFraming {
        // §6.1: an HTTP/1.0 message with Transfer-Encoding has faulty framing, whatever else it says.
        guard version != "HTTP/1.0" else {
            return .invalid(.invalidFraming("An HTTP/1.0 request cannot use Transfer-Encoding."))
        }
        let codings = encodings.flatMap { $0.split(separator: ",") }
            .map { $0.trimmingASCIIWhitespace().lowercased() }
            .filter { !$0.isEmpty }
        // §6.3: unless chunked is the final coding, the length cannot be known.
        guard codings.last == "chunked", codings.count(where: { $0 == "chunked" }) == 1 else {
            return .invalid(.invalidFraming("The request's Transfer-Encoding must end in chunked, applied once."))
        }
        guard codings.count == 1 else {
            return .invalid(.unsupportedTransferCoding(codings.dropLast().joined(separator: ", ")))
        }
        // libmicrohttpd reads a chunked body only for one field that says exactly that; for
        // `chunked ` or `,chunked` it would read the body until the connection closes.
        guard encodings.count == 1, encodings[0].lowercased() == "chunked" else {
            return .invalid(.invalidFraming("The request's Transfer-Encoding must be exactly chunked."))
        }
        return .valid(length: nil, chunked: true, closeAfter: hasLength)
    }
}

extension Substring {
    fileprivate func trimmingASCIIWhitespace() -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else { return "" }
        return self[start...end]
    }
}
