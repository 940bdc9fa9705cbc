/// Case-insensitive lookups over an ordered list of received header fields.
///
/// Shared by `TestResponse` and `RawResponse`, which keep headers as received (order, spelling,
/// duplicates) because tests assert on exactly that.
enum HeaderLookup {
    /// The value of the first field named `name`, ignoring ASCII case.
    static func first(_ name: String, in headers: [(String, String)]) -> String? {
        headers.first { matches($0.0, name) }?.1
    }

    /// The values of every field named `name`, in order, ignoring ASCII case.
    static func all(_ name: String, in headers: [(String, String)]) -> [String] {
        headers.filter { matches($0.0, name) }.map(\.1)
    }

    /// Splits `Name: value` into name and value with optional whitespace trimmed; nil without a colon.
    static func parseField(_ line: Substring) -> (String, String)? {
        guard let colon = line.firstIndex(of: ":") else { return nil }
        let name = String(line[..<colon])
        let value = line[line.index(after: colon)...].trimmingOWS()
        return (name, String(value))
    }

    private static func matches(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && a.lowercased() == b.lowercased()
    }
}

extension Substring {
    /// Drops HTTP optional whitespace (SP, HTAB) and a stray CR/LF from both ends.
    func trimmingOWS() -> Substring {
        let isOWS: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }
        guard let start = firstIndex(where: { !isOWS($0) }), let end = lastIndex(where: { !isOWS($0) }) else {
            return self[endIndex...]
        }
        return self[start...end]
    }
}

/// A response received by a test client: headers as received and a body.
public protocol ReceivedResponse {
    /// The header fields in the order received, names as spelled.
    var headers: [(String, String)] { get }
    /// The body bytes.
    var body: [UInt8] { get }
}

extension ReceivedResponse {
    /// The value of the first header named `name` (case-insensitive), or nil.
    public func header(_ name: String) -> String? {
        HeaderLookup.first(name, in: headers)
    }

    /// The values of every header named `name` (case-insensitive), in order.
    public func headers(named name: String) -> [String] {
        HeaderLookup.all(name, in: headers)
    }

    /// The body decoded as UTF-8, invalid sequences replaced by U+FFFD.
    public var text: String {
        String(decoding: body, as: UTF8.self)
    }
}
