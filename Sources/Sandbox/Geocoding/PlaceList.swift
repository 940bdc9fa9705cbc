public import Model

/// A ``PlaceSource`` over a list of places in memory, scanned for every question.
///
/// ```swift
/// let places = PlaceList([Place(name: "Bern", admin: "BE", adminName: "Bern", country: "Switzerland",
///                               countryCode: "CH", latitude: 46.94809, longitude: 7.44744,
///                               postcode: "3000", population: 121_631, timeZone: "Europe/Zurich")])
/// ((try? places.search("Bern, BE", limit: 1)) ?? [])   // [Bern]
/// ```
public struct PlaceList: PlaceSource {
    /// The places, in the order given.
    public let places: [Place]

    /// A source over these places.
    public init(_ places: [Place]) {
        self.places = places
    }

    public func places(near latitude: Double, longitude: Double, withinKm: Double, minimumPopulation: Int, limit: Int) -> [Place] {
        let point = GeoPoint(latitude, longitude)
        let found = places.lazy
            .filter { ($0.population ?? 0) >= minimumPopulation }
            .map { (place: $0, km: point.meters(to: $0.coordinate) / 1000) }
            .filter { $0.km <= withinKm }
        return found.sorted { $0.km < $1.km }.prefix(max(0, limit)).map(\.place)
    }

    public func search(_ text: String, limit: Int) -> [Place] {
        let query = PlaceName.Query(text)
        guard !query.name.isEmpty else { return [] }
        return places.filter { query.matches($0) }
            .sorted { ($0.population ?? 0) > ($1.population ?? 0) }
            .prefix(max(0, limit)).map { $0 }
    }

    public func nearest(latitude: Double, longitude: Double) -> Place? {
        let point = GeoPoint(latitude, longitude)
        return places.min { point.meters(to: $0.coordinate) < point.meters(to: $1.coordinate) }
    }
}
