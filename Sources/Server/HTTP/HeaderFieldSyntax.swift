/// Checks the header fields of a request head as libmicrohttpd handed them over.
///
/// libmicrohttpd 0.9.75 is lenient with malformed field lines, and each leniency can hide a
/// framing field from us while a proxy in front reads it (request smuggling): a space before the
/// colon (`Content-Length : 5`) stays in the name, an obsolete line fold is appended to the name
/// (`Content-Length: 5\r\n x` arrives as `Content-Lengthx: 5`), and a bare CR stays in a value.
/// RFC 9112 §5 asks for a 400 for each; so does a request of HTTP/1.1 without exactly one `Host`
/// (§3.2). A fold can only be recognised by the name it leaves, so a name that extends one of the
/// fields that frame or route a request is refused.
enum HeaderFieldSyntax {
    /// The first problem with a request's header fields, or nil.
    static func problem(in headers: HTTPHeaders, version: String) -> HTTPError? {
        var hosts = 0
        for field in headers {
            guard !field.name.isEmpty, field.name.utf8.allSatisfy(isTokenByte) else {
                return .invalidHeader("A header field name is not a token: \(shown(field.name)).")
            }
            guard !field.value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0 }) else {
                return .invalidHeader("The value of \(field.name) has a line break or NUL in it.")
            }
            if let extended = guarded.first(where: { field.name.utf8.count > $0.utf8.count && field.name.hasLowercasedASCIIPrefix($0) }) {
                return .invalidHeader("The field \(shown(field.name)) looks like a folded \(extended) line; folding is not allowed.")
            }
            if field.name.equalsIgnoringASCIICase("Host") { hosts += 1 }
        }
        if version == "HTTP/1.1", hosts != 1 {
            return .invalidHeader(hosts == 0 ? "An HTTP/1.1 request needs a Host field." : "The request has \(hosts) Host fields.")
        }
        return nil
    }

    /// The fields a fold must not hide, in lower case.
    private static let guarded = ["content-length", "transfer-encoding", "host"]

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
