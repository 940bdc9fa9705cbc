/// A header an upstream needs and nobody else may see (`Authorization: Bearer …`): the upstream
/// client sends it, and every printed form of it hides the value.
///
/// It never reaches the cache key, the logs, `/api/upstreams` or `--help`.
public struct SecretHeader: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The header's name.
    public let name: String
    /// The header's value, for the fetcher only.
    public let value: String

    /// A secret header.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// `Authorization: Bearer …` with this token.
    public static func bearer(_ token: String) -> SecretHeader {
        SecretHeader(name: "Authorization", value: "Bearer " + token)
    }

    public var description: String { "\(name): (hidden)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: ["name": name], displayStyle: .struct) }
}

extension UpstreamPolicy {
    /// The route's request headers with the secret header added, replacing one of the same name.
    func sending(_ headers: [(name: String, value: String)]) -> [(name: String, value: String)] {
        guard let secret = secretHeader else { return headers }
        return headers.filter { $0.name.lowercased() != secret.name.lowercased() } + [(secret.name, secret.value)]
    }
}
