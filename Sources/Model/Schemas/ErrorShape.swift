public import Markup

/// What every error element says: a whole request's `<error>` and the per-item ones (a
/// schedule's, a board's, a route place's).
public protocol ErrorReport: Sendable {
    /// The HTTP status the error has alone, where the report knows it: Model's reports do not
    /// (lower layers give codes); the API puts the status its error catalog gives first.
    var status: Int? { get }
    /// The stable machine code.
    var code: String { get }
    /// What went wrong, for people.
    var message: String { get }
    /// The upstream that failed, when one did.
    var upstream: String? { get }
    /// Stations a name could mean (`ambiguous_station`, `unknown_station`).
    var candidates: [Station] { get }
    /// Places a name could mean (`unknown_place`).
    var suggestions: [Place] { get }
}

extension ErrorReport {
    public var status: Int? { nil }
    public var upstream: String? { nil }
    public var candidates: [Station] { [] }
    public var suggestions: [Place] { [] }
}

/// The one error element, declared once: every error a document or a request gives has this shape.
public enum ErrorShape {
    /// The error element's shape for one kind of report; every kind declares the same element.
    public static func shape<Report: ErrorReport>(of _: Report.Type) -> Shape<Report> {
        .children("Error", [
            .optional("status", .status, summary: "The HTTP status the error has alone; always given in the API's documents.") {
                $0.status
            },
            .leaf("code", .code) { $0.code },
            .leaf("message", .string) { $0.message },
            .optional("upstream", .string) { $0.upstream },
            .list("candidates", "station", Station.reference, whenEmpty: .leftOut) { $0.candidates },
            .list("suggestions", "place", Place.shape, whenEmpty: .leftOut) { $0.suggestions },
        ])
    }

    /// A whole request's error document, `<error>`, as `API` writes it for every failure.
    public static let document = DocumentShape<ScheduleError>(
        "error", summary: "A whole request's error; an unknown station's carries candidates, an unknown place's suggestions.",
        ScheduleError.shape)
}
