import Server
import Services

/// Checks shared by the endpoints' parameters: anything wrong is a 400 naming the parameter.
enum RequestChecks {
    /// `lat` and `lon` together, or neither.
    static func position(_ request: Request) throws -> Coordinate? {
        let lat = try single(request, "lat"), lon = try single(request, "lon")
        switch (lat, lon) {
        case (nil, nil):
            return nil
        case (let lat?, let lon?):
            guard let latitude = Double(lat), latitude.isFinite, (-90...90).contains(latitude) else {
                throw invalid("lat", "must be a latitude in degrees from -90 to 90")
            }
            guard let longitude = Double(lon), longitude.isFinite, (-180...180).contains(longitude) else {
                throw invalid("lon", "must be a longitude in degrees from -180 to 180")
            }
            return Coordinate(latitude: latitude, longitude: longitude)
        default:
            throw invalid(lat == nil ? "lat" : "lon", "must be given together with \(lat == nil ? "lon" : "lat")")
        }
    }

    /// `limit`, a whole number within `range`, or `default` when absent.
    static func limit(_ request: Request, _ range: ClosedRange<Int>, default value: Int) throws(HTTPError) -> Int {
        guard let text = try single(request, "limit") else { return value }
        guard let limit = Int(text), range.contains(limit) else {
            throw invalid("limit", "must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return limit
    }

    /// A parameter given at most once.
    static func single(_ request: Request, _ name: String) throws(HTTPError) -> String? {
        let values = request.query.values(for: name)
        guard values.count <= 1 else { throw invalid(name, "may be given only once") }
        return values.first
    }

    /// Refuses query parameters the endpoint does not take (besides `format` and `pretty`).
    static func onlyKnown(_ request: Request, _ known: Set<String>) throws(HTTPError) {
        for (name, _) in request.query where !known.contains(name) && name != "format" && name != "pretty" {
            throw HTTPError.catalogued(
                "unknown_parameter", "Unknown parameter \"\(name.prefix(40))\"; this endpoint takes \(known.sorted().joined(separator: ", ")).")
        }
    }

    static func invalid(_ parameter: String, _ problem: String) -> HTTPError {
        .catalogued("invalid_parameter", "Parameter \(parameter) \(problem).")
    }
}
