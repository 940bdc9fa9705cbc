/// A ``PlaceSource`` over a list of places in memory, scanned for every question.
///
/// ```swift
/// let places = PlaceList([SandboxPlace(name: "Bern", admin: "BE", adminName: "Bern", country: "Switzerland",
///                                      countryCode: "CH", latitude: 46.94809, longitude: 7.44744,
///                                      population: 121_631, timeZone: "Europe/Zurich", postcode: "3000")])
/// places.search("Bern, BE", limit: 1)   // [Bern]
/// ```
public struct PlaceList: PlaceSource {
    /// The places, in the order given.
    public let places: [SandboxPlace]

    /// A source over these places.
    public init(_ places: [SandboxPlace]) {
        self.places = places
    }

    public func places(near latitude: Double, _ longitude: Double, withinKm: Double, minimumPopulation: Int, limit: Int) -> [SandboxPlace] {
        let point = GeoPoint(latitude, longitude)
        let found = places.lazy
            .filter { $0.population >= minimumPopulation }
            .map { (place: $0, km: point.distance(to: $0.coordinate) / 1000) }
            .filter { $0.km <= withinKm }
        return found.sorted { $0.km < $1.km }.prefix(max(0, limit)).map(\.place)
    }

    public func search(_ text: String, limit: Int) -> [SandboxPlace] {
        let query = PlaceName.Query(text)
        guard !query.name.isEmpty else { return [] }
        return places.filter { query.matches($0) }
            .sorted { $0.population > $1.population }
            .prefix(max(0, limit)).map { $0 }
    }

    public func nearest(_ latitude: Double, _ longitude: Double) -> SandboxPlace? {
        let point = GeoPoint(latitude, longitude)
        return places.min { point.distance(to: $0.coordinate) < point.distance(to: $1.coordinate) }
    }
}
