public import Model
public import Upstream

extension RouteWeatherService {
    /// A document worked out, the driving route it follows, and until when it may be kept.
    public struct Planned: Sendable {
        public let document: RouteWeather
        public let route: DrivingRoute
        /// The upstream answers it was made of taken together (the worst source, the oldest
        /// age, the earliest fresh-until), never to be kept when a row has an error or a point
        /// could not be looked up; nil when no upstream was asked.
        public let provenance: Provenance?
    }

    /// A row with its weather, and where the forecast came from (nil when it failed).
    struct Filled: Sendable {
        let row: RoutePlace
        let provenance: Provenance?
    }

    /// The provenance of a document made of `parts` (nil ones asked no upstream): fresh while
    /// every part is, and at most until the next quarter hour, as the day at each place, the
    /// forecast period of "now" and a departure's window move on with the clock (every zone's
    /// midnight and every hourly period starts on a quarter hour); never when `complete` is false.
    func keepable(_ parts: [Provenance?], complete: Bool, departure: Int64?) -> Provenance? {
        guard var whole = Provenance.combined(parts.compactMap { $0 }) else { return nil }
        guard complete else { return whole.notToBeKept }
        let current = now()
        let quarter: Int64 = 15 * 60_000
        whole = whole.fresh(until: current - current % quarter + quarter)
        // A departure is taken until an hour after it.
        if let departure { whole = whole.fresh(until: (departure + 3601) * 1000) }
        return whole
    }
}
