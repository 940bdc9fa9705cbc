import Model

/// A deterministic road network made up from real places: a route between two points follows
/// great-circle segments through larger places near the direct line, so it bends through real
/// cities; the road is the segments' length times ``detourFactor``, driven at ``urbanSpeed`` for
/// the first and last few kilometres and at ``highwaySpeed`` between.
///
/// Two points are connected only when the countries of their nearest places share a landmass
/// (see ``Landmass``): Bern → New York has no route, as a router answers across an ocean.
///
/// ```swift
/// let model = DirectionsModel(places: places)
/// let route = model.route(from: GeoPoint(38.98067, -77.10026), to: GeoPoint(34.07362, -118.40036))
/// route?.distance   // ≈ 4.3 million metres, ≈ 84 steps
/// ```
public struct DirectionsModel: Sendable {
    /// Road length over great-circle length.
    public static let detourFactor = 1.10
    /// Metres per second in towns (50 km/h).
    public static let urbanSpeed = 50.0 / 3.6
    /// Metres per second on highways (105 km/h).
    public static let highwaySpeed = 105.0 / 3.6
    /// The road driven in town at each end, in metres (less on short routes).
    static let urbanStretch = 6_000.0
    /// About one highway step per this many metres.
    static let highwayStep = 55_000.0
    /// Waypoints are places at least this large.
    static let waypointPopulation = 40_000
    /// How far ahead a waypoint is looked for, in km.
    static let waypointReach = 500.0

    /// Where the places come from.
    public let places: any PlaceSource

    /// A model over a place source.
    public init(places: any PlaceSource) {
        self.places = places
    }

    /// The route from one point to another, or nil when there is no road between them.
    public func route(from origin: GeoPoint, to destination: GeoPoint) -> SimulatedRoute? {
        let originPlace = try? places.nearest(latitude: origin.latitude, longitude: origin.longitude)
        let destinationPlace = try? places.nearest(latitude: destination.latitude, longitude: destination.longitude)
        guard let originPlace, let destinationPlace,
            Landmass(countryCode: originPlace.countryCode ?? "") == Landmass(countryCode: destinationPlace.countryCode ?? "")
        else { return nil }
        let waypoints = self.waypoints(from: origin, to: destination)
        let path = RoadPath(nodes: [origin] + waypoints.map(\.coordinate) + [destination], detourFactor: Self.detourFactor)
        let steps = StepPlanner(path: path, origin: originPlace, destination: destinationPlace, waypoints: waypoints).steps()
        return SimulatedRoute(
            origin: origin, destination: destination, originPlace: originPlace, destinationPlace: destinationPlace,
            waypoints: waypoints, steps: steps, points: path.points(from: 0, to: path.length))
    }

    /// Larger places near the line, each chosen for the most progress with the least detour.
    func waypoints(from origin: GeoPoint, to destination: GeoPoint) -> [Place] {
        var chosen: [Place] = []
        var current = origin
        for _ in 0..<128 where chosen.count < 64 {
            let remaining = current.meters(to: destination)
            guard remaining > 200_000 else { break }
            let candidates = (try? places.places(
                near: current.latitude, longitude: current.longitude, withinKm: Self.waypointReach, minimumPopulation: Self.waypointPopulation,
                limit: 200)) ?? []
            // Strictly near the line first; where nothing is, a wider bend.
            var best: (place: Place, score: Double)?
            for (slack, fixed) in [(0.15, 15_000.0), (0.35, 30_000.0)] where best == nil {
                for place in candidates where !chosen.contains(place) {
                    let hop = current.meters(to: place.coordinate), left = place.coordinate.meters(to: destination)
                    let progress = remaining - left, detour = hop + left - remaining
                    guard hop > 60_000, progress > max(50_000, 0.5 * hop), detour < slack * hop + fixed else { continue }
                    let score = progress - 4 * detour
                    if best == nil || score > best!.score { best = (place, score) }
                }
            }
            guard let best else {
                // Nowhere large enough near the line here: look again farther along it.
                current = current.interpolated(to: destination, fraction: min(1, 300_000 / remaining))
                continue
            }
            chosen.append(best.place)
            current = best.place.coordinate
        }
        return chosen
    }
}
