import Model
import Kernel

/// Which upstream finds the driving route: a route (its file names the upstream) and its parameters for two positions.
public enum DirectionsProvider: String, Sendable, CaseIterable {
    /// The Google Directions API's XML (the original app's upstream): steps and an overview
    /// polyline. Google no longer enables it for new projects; ``googleRoutes`` is its successor.
    case google = "google-directions"
    /// The Google Routes API's computeRoutes: a JSON POST, the key in a header, a field mask.
    case googleRoutes = "google-routes"
    /// OSRM's route service, JSON with a polyline6 geometry.
    case osrm = "osrm-route"
    /// GraphHopper's route as GPX: every track point.
    case graphhopper = "graphhopper-gpx"

    /// The route that reads it.
    public var routeID: String { rawValue }

    /// The route's parameters from one position to another; `key` is the API key where one is needed.
    func parameters(from: Coordinate, to: Coordinate, key: String) -> [String: String] {
        func text(_ value: Double) -> String { String(Place.rounded(value, 5)) }
        switch self {
        case .google:
            return ["origin": "\(text(from.latitude)),\(text(from.longitude))", "destination": "\(text(to.latitude)),\(text(to.longitude))", "key": key]
        case .googleRoutes:
            return [
                "from_lat": text(from.latitude), "from_lon": text(from.longitude), "to_lat": text(to.latitude), "to_lon": text(to.longitude),
                "key": key,
            ]
        case .osrm:
            return ["from_lat": text(from.latitude), "from_lon": text(from.longitude), "to_lat": text(to.latitude), "to_lon": text(to.longitude)]
        case .graphhopper:
            return ["from": "\(text(from.latitude)),\(text(from.longitude))", "to": "\(text(to.latitude)),\(text(to.longitude))", "key": key]
        }
    }
}
