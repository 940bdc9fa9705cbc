/// An absolute http(s) address as a follow-up request takes it from an upstream's answer: checked
/// to be one, with its host, so that an answer cannot send a request anywhere else.
///
/// ```swift
/// Address("https://api.weather.gov/gridpoints/LWX/97,71/forecast")?.host   // "api.weather.gov"
/// Address("file:///etc/passwd")                                            // nil
/// ```
public struct Address: Sendable, Equatable {
    /// The address as given.
    public let text: String
    /// The host, lower-cased, without the port.
    public let host: String

    /// The longest address taken.
    static let maxBytes = 2048

    /// Reads an absolute `http://` or `https://` address with a host, no user info, and no
    /// spaces, controls or characters a URL cannot hold unescaped; nil otherwise.
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count <= Self.maxBytes,
            bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F && !Array("\"<>\\^`{|}".utf8).contains($0) })
        else { return nil }
        let lower = text.lowercased()
        guard let scheme = ["http://", "https://"].first(where: { lower.hasPrefix($0) }) else { return nil }
        let authority = lower.dropFirst(scheme.count).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.contains("@") else { return nil }
        let host: Substring
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            host = authority[...close]
        } else {
            host = authority.prefix { $0 != ":" }
        }
        guard !host.isEmpty else { return nil }
        self.text = text
        self.host = String(host)
    }
}
