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

    /// Creates a row without its weather, which is filled in as it comes.
    public init(index: Int, place: Place, distance: Distance) {
        self.index = index
        self.place = place
        self.distance = distance
    }

    /// What a route's `<place>` holds, declared once for its node and the schemas.
    public static let shape = Shape<RoutePlace>.children(nil, [
        .leaf("index", .count, summary: "Position in driving order, from 0 (progress events carry rows out of order).") { $0.index },
        .fields(Place.shape) { $0.place },
        .element("distance", Distance.shape) { $0.distance },
        .optional("arrival", .time, summary: "Estimated arrival, with depart.") { $0.arrival },
        .optionalElement("weather", weather) { row in row.day.map { (day: $0, current: row.current, hour: row.hour) } },
        .optionalElement("error", PlaceError.shape, summary: "Why this place has no weather; the others keep theirs.") { $0.error },
    ])

    /// The chosen day's weather at a place, with the temperature now and the period at the arrival.
    static let weather = Shape<(day: ForecastDay, current: Temperature?, hour: ForecastHour?)>.children(nil, [
        .fields(ForecastDay.shape) { $0.day },
        .optionalElement("current", Temperature.shape, summary: "The temperature now, for today.") { $0.current },
        .optionalElement("hour", ForecastHour.shape, summary: "The forecast period at the arrival, where the upstream has periods.") {
            $0.hour
        },
    ])

    public var node: Node { Self.shape.node("place", self) }
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

    /// The document, declared once for its node and the schemas.
    public static let document = DocumentShape<RouteWeather>(
        "routeweather", summary: "The places along a driving route in driving order, each with the weather of the day.",
        .children(nil, [
            .element("from", Place.shape) { $0.from },
            .element("to", Place.shape) { $0.to },
            .optionalElement(
                "alternatives", alternatives, summary: "Other places called as the start or the end was; the best-ranked one was taken."
            ) { $0.fromAlternatives.isEmpty && $0.toAlternatives.isEmpty ? nil : $0 },
            .leaf("day", .count, summary: "Days from today at the start (0 to 6), and that date.") { $0.day },
            .leaf("date", .date) { $0.date },
            .optional("depart", .time) { $0.depart },
            .element("distance", Distance.shape) { $0.distance },
            .leaf("duration", .duration) { $0.duration },
            .leaf("dedupe", .string, summary: "postcode or city: how repeated places were dropped.") { $0.dedupe },
            .element("sources", sources) { $0.sources },
            .weatherCredit { $0.credit },
            .list("places", "place", RoutePlace.shape) { $0.places },
        ]))

    static let alternatives = Shape<RouteWeather>.children(nil, [
        .list("from", "place", Place.shape, whenEmpty: .leftOut) { $0.fromAlternatives },
        .list("to", "place", Place.shape, whenEmpty: .leftOut) { $0.toAlternatives },
    ])

    /// The upstreams that answered, by role.
    static let sources = Shape<[String: String]>.children(nil, [
        .leaf("directions", .string) { $0["directions"] ?? "" },
        .leaf("geocoder", .string) { $0["geocoder"] ?? "" },
        .leaf("weather", .string) { $0["weather"] ?? "" },
    ])

    public var node: Node { Self.document.node(self) }
}
