public import Model

extension RouteWeatherService {
    /// The most populous places of the gazetteer inside a latitude-longitude box (`west` > `east`
    /// across the antimeridian), most populous first, as context on a map of a route; none when
    /// the service has no place directory or the directory fails.
    public func largestPlaces(south: Double, north: Double, west: Double, east: Double, limit: Int) -> [Place] {
        (try? zones?.largestPlaces(south: south, north: north, west: west, east: east, limit: limit)) ?? []
    }
}
