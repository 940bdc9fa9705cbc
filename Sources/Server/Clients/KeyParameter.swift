/// The `key` query parameter: an API key sent in the query (`?key=…`) rather than in `X-Api-Key`.
///
/// It is taken out of the target before routing, so that endpoints that refuse unknown
/// parameters accept it, and neither a route file's query nor a cache key ever holds a secret.
enum KeyParameter {
    /// The query without any `key=` component, and the (last) key's decoded value; nil when the
    /// query has no `key`. A value that does not decode is kept as sent (it then matches no key).
    static func split(_ query: Substring) -> (rest: Substring, key: String)? {
        // A byte search first: most queries have no key, and they pay nothing more.
        guard query.utf8.count >= 3, query.contains("key") else { return nil }
        var kept: [Substring] = []
        var key: String?
        for component in query.split(separator: "&", omittingEmptySubsequences: false) {
            if component == "key" || component.hasPrefix("key=") {
                let raw = component.dropFirst(min(4, component.count))
                key = (try? URLDecoding.decode(raw, as: .queryComponent)) ?? String(raw)
            } else {
                kept.append(component)
            }
        }
        guard let key else { return nil }
        return (Substring(kept.joined(separator: "&")), key)
    }
}
