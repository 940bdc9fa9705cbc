import Markup
import Model
import Server
import Services

/// The geocoding endpoints: `/api/geocode` and `/api/geocode/reverse`.
enum GeocodeRoutes {
    static func routes(geocoding: GeocodingService?) -> [Route] {
        guard let geocoding else { return [] }
        return [
            .get("/api/geocode", summary: "Places matching a name, \"City, ST\", \"City, Country\" or a postal code (`q`), best first.") { request in
                try RequestChecks.onlyKnown(request, ["q", "limit"])
                guard let text = try RequestChecks.single(request, "q") else { throw RequestChecks.invalid("q", "is required") }
                let query = try WeatherParameters.name(text, "q")
                let limit = try RequestChecks.limit(request, 1...40, default: 10)
                switch await geocoding.search(query, limit: limit) {
                case .success(let places):
                    return .document(Places(query: query, places: places, source: geocoding.source).node, for: request, cache: .maxAge(86_400))
                case .failure(let error):
                    return WeatherRoutes.failure(error, request)
                }
            },
            .get("/api/geocode/reverse", summary: "The place nearest to a position (`lat`, `lon`) and its postal code.") { request in
                try RequestChecks.onlyKnown(request, ["lat", "lon"])
                guard let position = try RequestChecks.position(request) else { throw RequestChecks.invalid("lat", "and lon are required") }
                switch await geocoding.reverse(latitude: position.latitude, longitude: position.longitude) {
                case .success(let place):
                    let distance = Distance(meters: DrivingRoute.meters(position, Coordinate(latitude: place.latitude, longitude: place.longitude) ?? position))
                    let document = Places(query: "\(position.latitude),\(position.longitude)", places: [place], distances: [distance], source: geocoding.source)
                    return .document(document.node, for: request, cache: .maxAge(86_400))
                case .failure(let error):
                    return WeatherRoutes.failure(error, request)
                }
            },
        ]
    }
}
