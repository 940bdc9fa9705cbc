/// What the upstream reports in real time about one run on its day: whether it reports anything,
/// how late the run is at each stop, how far ahead it predicts, a stop the run skips, a
/// cancellation.
///
/// A late run's delay grows along the run: the first stop's, one minute more every
/// ``growthStops`` stops, at most ``maximumGrowth`` more. A run with a prediction horizon is
/// predicted at its first ``predictedStops`` stops only; a reader is expected to carry the last
/// predicted delay on to the later ones.
struct RunRealtime: Sendable, Equatable {
    /// Stops between two one-minute steps of a late run's delay.
    static let growthStops = 2
    /// The most a delay grows along a run, in minutes.
    static let maximumGrowth = 5

    /// Whether the upstream reports anything real-time for the run (a cancellation included).
    let isReported: Bool
    /// Whether the run is cancelled.
    let isCancelled: Bool
    /// Minutes late at the first stop; 0 on time.
    let initialDelay: Int
    /// The stops predicted, from the first: all of the run's, or fewer with a horizon.
    let predictedStops: Int
    /// The position of the stop the run does not call at today.
    let skippedStop: Int?

    /// A run the upstream knows only from the timetable.
    static let unreported = RunRealtime(isReported: false, isCancelled: false, initialDelay: 0, predictedStops: 0, skippedStop: nil)

    /// A cancelled run: reported, and nothing predicted.
    static let cancelled = RunRealtime(isReported: true, isCancelled: true, initialDelay: 0, predictedStops: 0, skippedStop: nil)

    /// The predicted minutes late at a stop; nil where nothing is predicted.
    func delay(at position: Int) -> Int? {
        guard isReported, !isCancelled, position < predictedStops, position != skippedStop else { return nil }
        guard initialDelay > 0 else { return 0 }
        return initialDelay + min(position / Self.growthStops, Self.maximumGrowth)
    }

    /// Whether the upstream stops predicting before the run's last stop.
    func hasHorizon(stops: Int) -> Bool {
        isReported && !isCancelled && predictedStops < stops
    }
}
