public import Model
public import Upstream
public import Kernel

/// Driving routes between two positions from the configured directions upstream.
public final class DirectionsService: Sendable {
    public let provider: DirectionsProvider
    let upstreams: Upstreams
    /// The API key sent to upstreams that need one.
    let key: String

    /// A service over the provider's route in `upstreams`.
    public init(upstreams: Upstreams, provider: DirectionsProvider, key: String = "gottago") throws {
        guard upstreams.catalog[provider.routeID] != nil else {
            throw ServiceSetupError("the directions (\(provider.rawValue)) need the route \(provider.routeID), which the route folder does not have")
        }
        self.upstreams = upstreams
        self.provider = provider
        self.key = key
    }

    /// The route from one position to another, or why there is none.
    public func route(from: Coordinate, to: Coordinate) async -> Result<DrivingRoute, PlaceError> {
        await routeAnswer(from: from, to: to).map(\.route)
    }

    /// The route with where the upstream answer came from (its age and freshness).
    func routeAnswer(from: Coordinate, to: Coordinate) async -> Result<(route: DrivingRoute, provenance: Provenance), PlaceError> {
        switch await UpstreamRecords.fetch(upstreams, route: provider.routeID, provider.parameters(from: from, to: to, key: key)) {
        case .success(let fetched):
            guard let route = DirectionsRecords.route(fetched.lists), route.points.count >= 2 || route.meters == 0 else {
                return .failure(PlaceError(code: ServiceCode.noRoute, message: "The directions upstream found no driving route."))
            }
            return .success((route, fetched.answer.provenance))
        case .failure(let error):
            return .failure(error)
        }
    }
}
