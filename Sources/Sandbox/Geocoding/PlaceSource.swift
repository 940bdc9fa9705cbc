/// Where the simulators find real places: the gazetteer, adapted, or a ``PlaceList`` in tests.
///
/// Every method is synchronous and cheap enough to call a few dozen times per answer.
public protocol PlaceSource: Sendable {
    /// Places within `withinKm` of a point with at least `minimumPopulation` inhabitants, nearest first.
    func places(near latitude: Double, _ longitude: Double, withinKm: Double, minimumPopulation: Int, limit: Int) -> [SandboxPlace]
    /// Places matching a text: a name ("Bern"), a name and division ("Beverly Hills, CA") or a postcode ("90210"); best first.
    func search(_ text: String, limit: Int) -> [SandboxPlace]
    /// The place nearest to a point, at any distance; nil when there is none.
    func nearest(_ latitude: Double, _ longitude: Double) -> SandboxPlace?
}
