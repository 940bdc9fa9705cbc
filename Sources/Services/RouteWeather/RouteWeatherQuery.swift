/// What the weather along a route is asked for.
public struct RouteWeatherQuery: Sendable {
    /// How repeated places are dropped.
    public enum Dedupe: String, Sendable, CaseIterable {
        /// One row per postal code (the original app's rule); places without one by place.
        case postcode
        /// One row per town (name, division and country).
        case city
    }

    public var from: String
    public var to: String
    /// Days from today at the start, 0 to 6.
    public var day = 0
    /// The local departure time at the start; it sets each place's day by its arrival.
    public var depart: (date: LocalDate, time: LocalTime)?
    public var dedupe = Dedupe.postcode
    /// Metres between the points taken along the route.
    public var spacing = 50_000.0

    /// A query for today.
    public init(from: String, to: String) {
        self.from = from
        self.to = to
    }
}

/// What a route's weather reports while it is worked out.
public enum RouteWeatherEvent: Sendable {
    /// The work of a stage: `done` of `total`.
    case progress(stage: Stage, done: Int, total: Int)
    /// One place's row, as soon as its weather is known.
    case place(RoutePlace)

    /// The stages, in order.
    public enum Stage: String, Sendable, CaseIterable {
        case geocoding, route, places, weather
    }
}

public import Model
public import Kernel
