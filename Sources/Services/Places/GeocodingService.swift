public import Model
public import Upstream

/// Names to places and positions to places, from the embedded gazetteer or a geocoding upstream.
///
/// ```swift
/// let geocoding = GeocodingService(provider: .gazetteer, directory: gazetteer, upstreams: upstreams)
/// let found = await geocoding.search("Bethesda, MD", limit: 5)   // .success([Bethesda, MD, US, …])
/// let near = await geocoding.reverse(latitude: 34.0736, longitude: -118.4004)   // Beverly Hills, 90210
/// ```
public final class GeocodingService: Sendable {
    public let provider: GeocoderProvider
    let directory: (any PlaceDirectory)?
    let upstreams: Upstreams?
    /// The API key sent to upstreams that need one.
    let key: String

    /// A service over the gazetteer (`directory`) or the provider's routes in `upstreams`.
    public init(provider: GeocoderProvider, directory: (any PlaceDirectory)?, upstreams: Upstreams?, key: String = "gottago") throws {
        self.provider = provider
        self.key = key
        self.directory = directory
        self.upstreams = upstreams
        if provider == .gazetteer, directory == nil { throw ServiceSetupError("the gazetteer geocoder needs the gazetteer") }
        for id in provider.routeIDs where upstreams?.catalog[id] == nil {
            throw ServiceSetupError("the geocoder (\(provider.rawValue)) needs the route \(id), which the route folder does not have")
        }
    }

    /// The source named in documents.
    public var source: String { provider.rawValue }

    /// Whether a position's place is found here, without an upstream (the gazetteer).
    var reversesLocally: Bool { provider == .gazetteer || upstreams == nil }

    /// The place nearest to each position from the gazetteer, in one batch; nil where none is
    /// (or the gazetteer fails, as `reverse` then finds none).
    func reverseLocally(_ positions: [(latitude: Double, longitude: Double)]) -> [Place?] {
        (try? directory?.nearest(positions)) ?? Array(repeating: nil, count: positions.count)
    }

    /// Places matching `query`, best first; none is `unknown_place` (404) with close spellings.
    public func search(_ query: String, limit: Int) async -> Result<[Place], PlaceError> {
        await searchAnswer(query, limit: limit).map(\.places)
    }

    /// Places matching `query`, with where the upstream answer came from (nil from the gazetteer).
    func searchAnswer(_ query: String, limit: Int) async -> Result<(places: [Place], provenance: Provenance?), PlaceError> {
        var found: [Place] = []
        var provenance: Provenance?
        if let request = provider.searchRequest(query, limit: limit, key: key), let upstreams {
            switch await UpstreamRecords.fetch(upstreams, route: request.route, request.parameters) {
            case .success(let fetched):
                found = PlaceRecords.places(fetched.lists).filter { !$0.latitude.isNaN }
                provenance = fetched.answer.provenance
            case .failure(let error) where error.code == "no_places": found = []
            case .failure(let error): return .failure(error)
            }
        } else if let directory {
            found = (try? directory.search(query, limit: limit)) ?? []
        }
        guard found.isEmpty else { return .success((Array(found.prefix(limit)), provenance)) }
        let suggestions = (try? directory?.suggestions(for: query, limit: 5)) ?? []
        return .failure(PlaceError(
            code: ServiceCode.unknownPlace,
            message: "No place is called \"\(query.prefix(80))\"." + (suggestions.isEmpty ? "" : " Did you mean one of the suggestions?"),
            suggestions: suggestions))
    }

    /// The place nearest to a position, with its postal code where known; `no_places` (404) when none is.
    public func reverse(latitude: Double, longitude: Double) async -> Result<Place, PlaceError> {
        await reverseAnswer(latitude: latitude, longitude: longitude).map(\.place)
    }

    /// The place nearest to a position, with where the upstream answer came from (nil from the gazetteer).
    func reverseAnswer(latitude: Double, longitude: Double) async -> Result<(place: Place, provenance: Provenance?), PlaceError> {
        if let request = provider.reverseRequest(latitude: latitude, longitude: longitude, key: key), let upstreams {
            switch await UpstreamRecords.fetch(upstreams, route: request.route, request.parameters) {
            case .success(let fetched):
                if var place = PlaceRecords.places(fetched.lists).first {
                    // Nominatim's reverse answer may leave the position out; the asked one stands in.
                    if place.latitude.isNaN { place.latitude = latitude; place.longitude = longitude }
                    return .success((place, fetched.answer.provenance))
                }
            case .failure(let error) where error.code != "no_places":
                return .failure(error)
            case .failure:
                break
            }
        } else if let place = try? directory?.nearest(latitude: latitude, longitude: longitude) {
            return .success((place, nil))
        }
        return .failure(PlaceError(code: ServiceCode.noPlaces, message: "No place is known near \(latitude),\(longitude)."))
    }
}

/// Why a weather, directions or geocoding service cannot start: a route or the gazetteer it needs is missing.
public struct ServiceSetupError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
