public import Model

/// A published notice about disrupted service (SIRI SX's `PtSituation`): what, why, when, where.
///
/// The sandbox publishes two each day (see `TimetableModel+Situations.swift`): evening
/// construction works on the Bern – Zürich HB line, attached to that line's runs in the period,
/// and a station notice for Bern, attached to the runs leaving or reaching Bern.
public struct Situation: Sendable, Equatable {
    /// What the notice is about, as SIRI's `ScopeType` says it.
    public enum Scope: String, Sendable {
        /// A line (and so its runs).
        case line
        /// A stop (and so the runs calling there).
        case stopPoint
    }

    /// The unique number (`siri:SituationNumber`), the same for the same notice and day.
    public let number: String
    /// Who published it (`siri:ParticipantRef`).
    public let participant: String
    /// What it is about.
    public let scope: Scope
    /// The station it is about, or where the affected section of the line starts.
    public let from: String?
    /// Where the affected section of the line ends; nil for a station.
    public let to: String?
    /// When it was written.
    public let creation: Moment
    /// When it starts to apply.
    public let start: Moment
    /// When it stops applying.
    public let end: Moment
    /// The cause in SIRI's `AlertCause` vocabulary (`constructionWork`, `liftFailure`).
    public let cause: String
    /// How important, 1 (highest) to 5, as SIRI's `Priority`; the severity a reader shows.
    public let priority: Int
    /// The one-line summary.
    public let summary: String
    /// Why.
    public let reason: String
    /// What it means for the traveller (the replacement, the extra time).
    public let description: String
    /// How long it lasts, in words.
    public let duration: String
    /// Where to read more.
    public let url: String
    /// The link's text.
    public let urlLabel: String

    /// Whether it applies at some moment between two instants (inclusive).
    func overlaps(_ from: Int64, _ to: Int64) -> Bool {
        start.instant <= to && from <= end.instant
    }
}
