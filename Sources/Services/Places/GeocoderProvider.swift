import Model

/// Who turns names into places and positions into names.
public enum GeocoderProvider: String, Sendable, CaseIterable {
    /// The embedded gazetteer (GeoNames places and US ZIP codes in SQLite): offline, no upstream.
    case gazetteer
    /// Nominatim's search and reverse XML (`nominatim-search`, `nominatim-reverse`).
    case nominatim
    /// The Google Geocoding API's XML, forward and reverse (`google-geocode`).
    case google
    /// Photon's GeoJSON search and reverse (`photon-search`, `photon-reverse`).
    case photon

    /// The routes the provider asks: search, then reverse; none for the gazetteer.
    public var routeIDs: [String] {
        switch self {
        case .gazetteer: []
        case .nominatim: ["nominatim-search", "nominatim-reverse"]
        case .google: ["google-geocode"]
        case .photon: ["photon-search", "photon-reverse"]
        }
    }

    func searchRequest(_ query: String, limit: Int, key: String) -> (route: String, parameters: [String: String])? {
        switch self {
        case .gazetteer: nil
        case .nominatim: ("nominatim-search", ["q": query, "limit": String(limit)])
        case .google: ("google-geocode", ["address": query, "key": key])
        case .photon: ("photon-search", ["q": query, "limit": String(limit)])
        }
    }

    func reverseRequest(latitude: Double, longitude: Double, key: String) -> (route: String, parameters: [String: String])? {
        let lat = String(Place.rounded(latitude, 5)), lon = String(Place.rounded(longitude, 5))
        switch self {
        case .gazetteer: return nil
        case .nominatim: return ("nominatim-reverse", ["lat": lat, "lon": lon])
        case .google: return ("google-geocode", ["latlng": "\(lat),\(lon)", "key": key])
        case .photon: return ("photon-reverse", ["lat": lat, "lon": lon])
        }
    }
}

