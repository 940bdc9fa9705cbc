import Markup

/// The weather as the upstream words and draws it: `<condition>` and `<icon>`, the same two in a
/// place's weather now, a day and a period.
public struct Sky: Sendable, Hashable {
    /// The upstream's words (`Partly cloudy`).
    public var condition: String?
    /// The upstream's icon, an absolute URL.
    public var icon: String?

    /// Creates the words and the icon.
    public init(condition: String? = nil, icon: String? = nil) {
        self.condition = condition
        self.icon = icon
    }

    /// The two members, spliced into `<current>`, `<day>` and `<hour>`.
    static let shape = Shape<Sky>.children(nil, [
        .optional("condition", .string) { $0.condition },
        .optional("icon", .uri) { $0.icon },
    ])
}
