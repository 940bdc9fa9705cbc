public import Model

/// Where the simulators find real places: the embedded ``Gazetteer`` or a ``PlaceList`` in tests.
///
/// Every method is cheap enough to call a few dozen times per answer. A simulator treats a
/// source that fails like one that knows no place.
public protocol PlaceSource: Sendable {
    /// Places within `withinKm` of a point with at least `minimumPopulation` inhabitants, nearest first.
    func places(near latitude: Double, longitude: Double, withinKm: Double, minimumPopulation: Int, limit: Int) throws -> [Place]
    /// Places matching a text: a name ("Bern"), a name and division ("Beverly Hills, CA") or a postcode ("90210"); best first.
    func search(_ text: String, limit: Int) throws -> [Place]
    /// The place nearest to a point, at any distance; nil when there is none.
    func nearest(latitude: Double, longitude: Double) throws -> Place?
}
