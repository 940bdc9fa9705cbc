public import Markup

/// How far a stop event's times are the upstream's word for today: `<realtime>`.
///
/// A client never has to read "no delay" as "on time": a time the upstream predicts is
/// `asserted`, one worked out from an earlier stop of the same run is `propagated`, and a run the
/// upstream knows nothing about today is `scheduled` (its times are the timetable's, not a promise).
public enum RealtimeState: String, Sendable, CaseIterable, Equatable {
    /// The upstream predicted this stop event (an on-time prediction included).
    case asserted
    /// Derived from the last prediction at an earlier stop of the same run.
    case propagated
    /// The upstream has nothing for this run: the time is the timetable's.
    case scheduled
}

extension TextType where Value == String {
    /// `asserted`, `propagated` or `scheduled`.
    public static var realtime: Self {
        .enumeration(
            "Realtime", RealtimeState.allCases.map(\.rawValue),
            summary: "asserted: the upstream predicted this stop event; propagated: derived from an earlier stop of the same run; "
                + "scheduled: the upstream has nothing for this run, the time is the timetable's.")
    }
}
