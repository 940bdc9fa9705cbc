/// How a request's body is delimited, checked against RFC 9112 §6 before any of it is read.
///
/// A request whose length two parties could read differently is how one client's bytes become
/// another request behind a proxy (request smuggling), so such requests are refused and their
/// connection closed:
///
/// ```swift
/// RequestFraming(version: "HTTP/1.1", headers: [("Content-Length", "0"), ("Content-Length", "38")])
/// // .invalid(400 invalid_framing)
/// RequestFraming(version: "HTTP/1.1", headers: [("Transfer-Encoding", "chunked")])
/// // .valid(length: nil, chunked: true)
/// ```
///
/// A `Content-Length` that is not a number, or a list in one field, is refused by llhttp before
/// the head reaches these checks (`RequestParser`), with the same 400.
enum RequestFraming: Equatable {
    /// The body is delimited unambiguously.
    /// - Parameters:
    ///   - length: The declared `Content-Length`, nil for none or for a chunked body.
    ///   - chunked: Whether the body is sent with the chunked transfer coding.
    case valid(length: Int?, chunked: Bool)
    /// The framing is faulty or unsupported: answer this error, then close.
    case invalid(HTTPError)

    /// Reads the framing fields of a request head.
    init(version: String, headers: HTTPHeaders) {
        let lengths = headers.values("Content-Length")
        let encodings = headers.values("Transfer-Encoding")
        // §6.1: a proxy may read the one and we the other; as nginx, the pair is refused.
        guard encodings.isEmpty || lengths.isEmpty else {
            self = .invalid(.invalidFraming("The request has both Content-Length and Transfer-Encoding."))
            return
        }
        guard encodings.isEmpty else {
            self = Self.chunked(version: version, encodings: encodings)
            return
        }
        guard let first = lengths.first else {
            self = .valid(length: nil, chunked: false)
            return
        }
        // Equal values could be taken as one (RFC 9110 §8.6); as nginx, any second one is refused.
        guard lengths.count == 1 else {
            self = .invalid(.invalidFraming("The request has more than one Content-Length field."))
            return
        }
        guard let length = Int(first), length >= 0, first.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
            self = .invalid(.invalidFraming("The request's Content-Length is not a number."))
            return
        }
        self = .valid(length: length, chunked: false)
    }

    private static func chunked(version: String, encodings: [String]) -> RequestFraming {
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
        // As nginx: one field that says exactly that. `chunked, chunked` was refused above;
        // two fields, or `,chunked`, would leave a proxy and us to read the body differently.
        guard encodings.count == 1, encodings[0].lowercased() == "chunked" else {
            return .invalid(.invalidFraming("The request's Transfer-Encoding must be exactly chunked."))
        }
        return .valid(length: nil, chunked: true)
    }
}

extension Substring {
    fileprivate func trimmingASCIIWhitespace() -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else { return "" }
        return self[start...end]
    }
}
