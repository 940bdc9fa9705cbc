/// The codes the services give of their own; the upstream layer's and the routes' codes pass
/// through them as they are. How a client is answered for each is the API's error catalog's business.
public enum ServiceCode {
    /// A station name matches several stations.
    public static let ambiguousStation = "ambiguous_station"
    /// No station has that name.
    public static let unknownStation = "unknown_station"
    /// No place has that name.
    public static let unknownPlace = "unknown_place"
    /// No place is known near a position.
    public static let noPlaces = "no_places"
    /// The directions upstream found no driving route.
    public static let noRoute = "no_route"
    /// The weather upstream has no forecast for the day asked for.
    public static let noForecast = "no_forecast"
    /// A parameter does not make a query the service can answer.
    public static let invalidParameter = "invalid_parameter"
    /// The service runs without driving directions.
    public static let directionsOff = "directions_off"
    /// The route is longer than the service follows.
    public static let routeTooLong = "route_too_long"
    /// A route the service needs is not loaded.
    public static let upstreamMissing = "upstream_missing"
    /// No transit agency is configured under that name.
    public static let unknownAgency = "unknown_agency"
    /// The agency's timetable is not in service: its import is under way, or failed.
    public static let noTimetable = "no_timetable"

    /// Every code above.
    public static let all = [
        ambiguousStation, unknownStation, unknownPlace, noPlaces, noRoute, noForecast, invalidParameter, directionsOff, routeTooLong,
        upstreamMissing, unknownAgency, noTimetable,
    ]
}
