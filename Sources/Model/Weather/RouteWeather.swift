public import Markup

/// One place along a driving route with its weather: `<place>` in `<routeweather>`.
public struct RoutePlace: Sendable, Hashable {
    /// Its position in driving order, from 0; `place` events carry it, as they come out of order.
    public var index: Int
    public var place: Place
    /// Along the route from the start.
    public var distance: Distance
    /// The estimated arrival, ISO 8601 with the offset at the place, when a departure was given.
    public var arrival: String?
    /// The chosen day's forecast.
    public var day: ForecastDay?
    /// The temperature now, for today.
    public var current: Temperature?
    /// The forecast period at the arrival time, where the upstream has periods.
    public var hour: ForecastHour?
    /// Why the place has no weather; the other places keep theirs.
    public var error: PlaceError?

    /// Creates a row.
    public init(
        index: Int, place: Place, distance: Distance, arrival: String? = nil, day: ForecastDay? = nil, current: Temperature? = nil,
        hour: ForecastHour? = nil, error: PlaceError? = nil
    ) {
        self.index = index
        self.place = place
        self.distance = distance
        self.arrival = arrival
        self.day = day
        self.current = current
        self.hour = hour
        self.error = error
    }

    public var node: Node {
        var weather: Node?
        if let day {
            weather = .element("weather", day.members + [current?.node("current"), hour?.node])
        }
        return .element("place", [.leaf("index", index)] + place.members([distance.node, .leaf("arrival", arrival), weather, error?.node]))
    }
}

/// The weather along a driving route on one day: `<routeweather>`.
public struct RouteWeather: Representable, Equatable {
    public var from: Place
    public var to: Place
    /// Other places the start's and the end's names could mean, best first, when there are.
    public var fromAlternatives: [Place]
    public var toAlternatives: [Place]
    /// Days from today, 0 to 6, and that day's date at the start.
    public var day: Int
    public var date: String
    /// The departure, ISO 8601 with the start's offset, when given.
    public var depart: String?
    /// The route's length and driving time (ISO 8601 duration).
    public var distance: Distance
    public var duration: String
    /// How repeats were dropped: `postcode` or `city`.
    public var dedupe: String
    /// The upstreams that answered: geocoder, directions and weather.
    public var sources: [String: String]
    /// The attribution the weather upstream's licence asks for.
    public var credit: String?
    public var places: [RoutePlace]

    /// Creates the document.
    public init(
        from: Place, to: Place, fromAlternatives: [Place] = [], toAlternatives: [Place] = [], day: Int, date: String, depart: String? = nil,
        distance: Distance, duration: String, dedupe: String, sources: [String: String], credit: String? = nil, places: [RoutePlace]
    ) {
        self.credit = credit
        self.from = from
        self.to = to
        self.fromAlternatives = fromAlternatives
        self.toAlternatives = toAlternatives
        self.day = day
        self.date = date
        self.depart = depart
        self.distance = distance
        self.duration = duration
        self.dedupe = dedupe
        self.sources = sources
        self.places = places
    }

    public var node: Node {
        .element("routeweather", [
            .element("from", from.members()),
            .element("to", to.members()),
            fromAlternatives.isEmpty && toAlternatives.isEmpty
                ? nil
                : .element("alternatives", [
                    fromAlternatives.isEmpty ? nil : .list("from", fromAlternatives.map(\.node)),
                    toAlternatives.isEmpty ? nil : .list("to", toAlternatives.map(\.node)),
                ]),
            .leaf("day", day),
            .leaf("date", date),
            .leaf("depart", depart),
            distance.node,
            .leaf("duration", duration),
            .leaf("dedupe", dedupe),
            .element("sources", sources.keys.sorted().map { .leaf($0, sources[$0]!) }),
            .leaf("credit", credit),
            .list("places", places.map(\.node)),
        ])
    }
}
