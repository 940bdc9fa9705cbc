public import Markup
public import Kernel

/// One of the upstream's own notices about a run, a stop or a line: `<alert>`.
///
/// Every member is optional: each upstream says what it knows (OJP's `PtSituation` most of it,
/// a HAFAS note a header and a text).
public struct Alert: Sendable, Equatable, Hashable {
    /// The upstream's identifier for the notice, stable while it lasts.
    public var id: String?
    /// A one-line summary.
    public var header: String?
    /// The whole text.
    public var description: String?
    /// Why, in the upstream's words (SIRI `constructionWork`, GTFS-Realtime `CONSTRUCTION`).
    public var cause: String?
    /// What it does to the service, in the upstream's words (`NO_SERVICE`, `REDUCED_SERVICE`).
    public var effect: String?
    /// How serious, in the upstream's words (SIRI `normal`, `severe`).
    public var severity: String?
    /// When it starts and ends applying, when the upstream says.
    public var from: OffsetDateTime?
    public var until: OffsetDateTime?
    /// Where to read more.
    public var url: String?

    /// Creates an alert.
    public init(
        id: String? = nil, header: String? = nil, description: String? = nil, cause: String? = nil, effect: String? = nil,
        severity: String? = nil, from: OffsetDateTime? = nil, until: OffsetDateTime? = nil, url: String? = nil
    ) {
        self.id = id
        self.header = header
        self.description = description
        self.cause = cause
        self.effect = effect
        self.severity = severity
        self.from = from
        self.until = until
        self.url = url
    }

    /// Whether it says anything a person can read.
    public var hasText: Bool { header != nil || description != nil }

    /// What an `<alert>` holds, declared once for its node and the schemas.
    public static let shape = Shape<Alert>.children("Alert", summary: "One of the upstream's own notices.", [
        .optional("id", .string) { $0.id },
        .optional("header", .string, summary: "A one-line summary.") { $0.header },
        .optional("description", .string) { $0.description },
        .optional("cause", .string, summary: "Why, in the upstream's words.") { $0.cause },
        .optional("effect", .string, summary: "What it does to the service, in the upstream's words.") { $0.effect },
        .optional("severity", .string, summary: "How serious, in the upstream's words.") { $0.severity },
        .optional("from", .time, summary: "When it starts applying.") { $0.from },
        .optional("until", .time, summary: "When it stops applying.") { $0.until },
        .optional("url", .string, summary: "Where to read more.") { $0.url },
    ])

    public var node: Node { Self.shape.node("alert", self) }
}

extension Member {
    /// The `alerts/alert` list of an element, left out when there are none.
    public static func alerts(_ read: @escaping @Sendable (Value) -> [Alert]) -> Member {
        .list("alerts", "alert", Alert.shape, summary: "The upstream's own notices that concern it.", whenEmpty: .leftOut, read)
    }
}
