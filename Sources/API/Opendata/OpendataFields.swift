import Markup

/// The `fields[]` projection of transport.opendata.ch: with any field given, only the fields
/// named are in the answer. A field is a path of keys (`connections/from/departure`); lists are
/// passed through (the path applies to each item); a field keeps everything below it unless a
/// longer field under it is given too, which then narrows it.
struct OpendataFields: Sendable, Equatable {
    /// The keys kept at this level, each with what is kept below it; empty keeps everything.
    private var children: [String: OpendataFields] = [:]

    /// The most fields a request may give, and the longest one.
    static let maxCount = 50
    static let maxLength = 200

    /// The tree of the given paths; nil when none is given.
    init?(_ paths: [String]) {
        guard !paths.isEmpty else { return nil }
        for path in paths { insert(path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)[...]) }
    }

    private init() {}

    private mutating func insert(_ keys: ArraySlice<String>) {
        guard let first = keys.first else { return }
        let rest = keys.dropFirst()
        var child = children[first] ?? OpendataFields()
        // A field already there is narrowed by a longer one; a shorter one changes nothing.
        if children[first] != nil, rest.isEmpty { return }
        child.insert(rest)
        children[first] = child
    }

    /// The value with only the fields named.
    func project(_ value: JSONValue) -> JSONValue {
        guard !children.isEmpty else { return value }
        switch value {
        case .object(let members):
            return .object(members.compactMap { member in
                children[member.name].map { JSONValue.Member(member.name, $0.project(member.value)) }
            })
        case .array(let items):
            return .array(items.map(project))
        default:
            return value
        }
    }
}
