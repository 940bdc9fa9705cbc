import Markup
import Model
import Server
import Services
import Kernel

/// The geocoding endpoints: `/api/geocode` and `/api/geocode/reverse`.
enum GeocodeEndpoints {
    static func endpoints(geocoding: GeocodingService?) -> [Endpoint] {
        guard let geocoding else { return [] }
        return [
            search.answering(as: GeocodeArguments.self) { request, arguments in
                switch await geocoding.search(arguments.query, limit: arguments.limit) {
                case .success(let places):
                    let document = Places(query: arguments.query, places: places, source: geocoding.source)
                    return .document(document.node, for: request, cache: .maxAge(86_400))
                case .failure(let error):
                    return WeatherEndpoints.failure(error, request)
                }
            },
            reverse.answering(as: NearbyArguments.self) { request, arguments in
                let position = arguments.position
                switch await geocoding.reverse(latitude: position.latitude, longitude: position.longitude) {
                case .success(let place):
                    let distance = Distance(meters: DrivingRoute.meters(position, Coordinate(latitude: place.latitude, longitude: place.longitude) ?? position))
                    let document = Places(query: "\(position.latitude),\(position.longitude)", places: [place], distances: [distance], source: geocoding.source)
                    return .document(document.node, for: request, cache: .maxAge(86_400))
                case .failure(let error):
                    return WeatherEndpoints.failure(error, request)
                }
            },
        ]
    }

    static let search = Endpoint(
        "/api/geocode", id: "geocode", tag: "geocoding",
        summary: "Places matching a name, \"City, ST\", \"City, Country\" or a postal code (`q`), best first.",
        description: """
            `places` with `query`, `source` (the geocoder: `gazetteer`, `nominatim`, `google`) and `results/place`, best \
            first: id, name, admin, admin_name, country, country_code, postcode, lat, lon, population, timezone, kind, \
            display; all but name, lat and lon where known. A 200 carries `Cache-Control: max-age=86400`, a 404 `max-age=3600`.
            """,
        output: .documents([.places]), outputDoc: "`places`.",
        errors: ["unknown_place"] + SBBEndpoints.upstreamCodes, cost: .upstream(miss: 2)
    ) {
        Parameter.query(
            "q", .placeName(maxLength: WeatherEndpoints.maxName), required: true,
            "A place name, \"City, ST\", \"City, Country\" or a postal code; up to 200 characters, trimmed, no control characters.")
        Parameter.query("limit", .integer(1...40), default: 10, "Places.")
    }

    static let reverse = Endpoint(
        "/api/geocode/reverse", id: "reverseGeocode", tag: "geocoding",
        summary: "The place nearest to a position (`lat`, `lon`) and its postal code.",
        description: """
            `places` with `query` (`lat,lon`), `source` and `results/place`: one place with its `distance` from the position \
            (m, km, miles) and its postal code where known. A 200 carries `Cache-Control: max-age=86400`, a 404 `max-age=3600`.
            """,
        output: .documents([.places]), outputDoc: "`places`.",
        errors: ["no_places"] + SBBEndpoints.upstreamCodes, cost: .upstream(miss: 2)
    ) {
        Parameter.position(required: true, "The position, in degrees.")
    }
}

/// A place name and a number of results.
struct GeocodeArguments: EndpointArguments {
    let query: String
    let limit: Int

    init(_ values: ParameterValues) throws {
        query = try values.required("q") { $0.text("q") }
        limit = values.integer("limit") ?? 1
    }
}
