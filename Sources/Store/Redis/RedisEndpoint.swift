/// Where a Redis server listens, from a `redis://[[user]:password@]host[:port][/db]` URL.
///
/// ```swift
/// let endpoint = try RedisEndpoint(parsing: "redis://127.0.0.1:6379/0")
/// ```
///
/// Plain TCP only: hiredis 0.14 as Debian ships it has no TLS, so `rediss://` is refused rather
/// than silently sent in clear. The password is taken verbatim (no percent-decoding).
public struct RedisEndpoint: Sendable, Equatable, CustomStringConvertible {
    /// A host name or IP address (IPv6 without brackets).
    public var host: String
    /// The TCP port, 6379 by default.
    public var port: Int
    /// The database number, chosen with `SELECT` after connecting.
    public var database: Int
    /// The ACL user name for `AUTH`, if any.
    public var user: String?
    /// The password for `AUTH`, if any.
    public var password: String?

    /// Creates an endpoint.
    public init(host: String, port: Int = 6379, database: Int = 0, user: String? = nil, password: String? = nil) {
        self.host = host
        self.port = port
        self.database = database
        self.user = user
        self.password = password
    }

    /// Parses a `redis://` URL.
    public init(parsing url: String) throws(CacheError) {
        func invalid(_ why: String) -> CacheError {
            CacheError(kind: .invalidConfiguration, message: "\(why) in Redis URL \(Self.redacted(url))")
        }
        guard url.lowercased().hasPrefix("redis://") else {
            throw invalid(url.lowercased().hasPrefix("rediss://") ? "TLS (rediss://) is not supported" : "expected redis://")
        }
        var rest = Substring(url.dropFirst("redis://".count))
        guard !rest.contains("?"), !rest.contains("#") else { throw invalid("unexpected query or fragment") }
        var database = 0
        if let slash = rest.firstIndex(of: "/") {
            let path = rest[rest.index(after: slash)...]
            rest = rest[..<slash]
            if !path.isEmpty {
                guard let number = Int(path), number >= 0 else { throw invalid("database \"\(path)\" is not a whole number") }
                database = number
            }
        }
        var user: String?
        var password: String?
        if let at = rest.lastIndex(of: "@") {
            let credentials = rest[..<at]
            rest = rest[rest.index(after: at)...]
            if let colon = credentials.firstIndex(of: ":") {
                user = credentials[..<colon].isEmpty ? nil : String(credentials[..<colon])
                password = String(credentials[credentials.index(after: colon)...])
            } else {
                password = String(credentials)
            }
        }
        let host: Substring
        var portText: Substring?
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { throw invalid("unclosed [") }
            host = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw invalid("unexpected text after ]") }
                portText = after.dropFirst()
            }
        } else if let colon = rest.firstIndex(of: ":") {
            host = rest[..<colon]
            portText = rest[rest.index(after: colon)...]
        } else {
            host = rest
        }
        guard !host.isEmpty else { throw invalid("missing host") }
        var port = 6379
        if let portText {
            guard let number = Int(portText), (1...65535).contains(number) else { throw invalid("port \"\(portText)\" is not 1–65535") }
            port = number
        }
        self.init(host: String(host), port: port, database: database, user: user, password: password)
    }

    /// The URL without the password, for logs and `/readyz`.
    public var description: String {
        let credentials = password == nil ? "" : (user ?? "") + ":***@"
        let host = host.contains(":") ? "[\(host)]" : host
        return "redis://\(credentials)\(host):\(port)/\(database)"
    }

    /// A URL as given, with any password masked, for error messages.
    private static func redacted(_ url: String) -> String {
        guard let at = url.lastIndex(of: "@"), let scheme = url.firstRange(of: "://") else { return url }
        let credentials = url[scheme.upperBound..<at]
        guard let colon = credentials.firstIndex(of: ":") else { return url }
        return String(url[..<url.index(after: colon)]) + "***" + String(url[at...])
    }
}
