/// The instants of a Locationforecast 2.0 answer, laid out as MET's answers are (the 2026 Oslo
/// sample in `Routes/metno-forecast/samples/` shows it): hourly from the current hour until the
/// first six-hourly boundary at least 51 hours on, then every six hours (00, 06, 12, 18 UTC)
/// until ten days after the model run the update came from.
///
/// A step carries a `next_N_hours` period only when a step starts where the period ends: so
/// `next_1_hours` stops with the hourly steps, `next_6_hours` and `next_12_hours` stop short of
/// the gaps, and the last step has its `instant` only.
struct MetNoTimeline {
    /// How long the hourly steps last at least, seconds.
    static let hourlySpan: Int64 = 51 * 3600
    /// How far the forecast reaches after its model run, seconds.
    static let reach: Int64 = 240 * 3600
    static let sixHours: Int64 = 6 * 3600

    /// The steps' instants, in order.
    let steps: [Int64]
    private let members: Set<Int64>

    /// The steps of an answer given at `now` from the update of `updated`.
    init(now: Int64, updated: Int64) {
        let first = Self.floor(now, 3600)
        let run = Self.floor(updated, Self.sixHours)
        let last = max(run + Self.reach, first)
        let hourlyEnd = min(last, -Self.floor(-(first + Self.hourlySpan), Self.sixHours))
        var steps = Array(stride(from: first, to: hourlyEnd, by: 3600))
        steps += Array(stride(from: hourlyEnd, through: last, by: Int(Self.sixHours)))
        self.steps = steps
        members = Set(steps)
    }

    /// Whether a step starts at `instant`.
    func contains(_ instant: Int64) -> Bool {
        members.contains(instant)
    }

    /// The periods a step carries, among 1, 6 and 12 hours.
    func periods(at instant: Int64) -> [Int] {
        [1, 6, 12].filter { contains(instant + Int64($0) * 3600) }
    }

    static func floor(_ value: Int64, _ step: Int64) -> Int64 {
        let remainder = value % step
        return remainder >= 0 ? value - remainder : value - remainder - step
    }
}
