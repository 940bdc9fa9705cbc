import Model

/// The geocoders over a ``PlaceSource``, on their real paths: Nominatim's
/// `GET /search?q=…&format=xml&addressdetails=1&limit=N` and `GET /reverse?lat=…&lon=…&format=xml&addressdetails=1`,
/// Google's `GET /maps/api/geocode/xml?address=…|latlng=…&key=…`, and Photon's
/// `GET /api?q=…&limit=N` and `GET /reverse?lat=…&lon=…` (GeoJSON).
///
/// Nominatim and Photon both reverse-geocode on `/reverse`, on their own hosts; here one origin
/// serves both, so a request with a `format` parameter (which Nominatim's routes send and Photon
/// does not take) is Nominatim's, any other Photon's.
///
/// Reverse geocoding answers the nearest place within ``reverseReachKm``; farther (at sea) there
/// is nothing: Nominatim's "Unable to geocode", Google's ZERO_RESULTS, Photon's empty collection.
public struct GeocodingSimulator: Sendable {
    /// Nominatim's search path.
    public static let searchPath = "/search"
    /// Nominatim's reverse path.
    public static let reversePath = "/reverse"
    /// Google Geocoding's XML path.
    public static let googlePath = "/maps/api/geocode/xml"
    /// Photon's search path (its reverse path is ``reversePath``).
    public static let photonSearchPath = "/api"
    /// How far a reverse lookup reaches, in km.
    public static let reverseReachKm = 50.0
    /// Results a search gives (`limit`).
    static let results = ResultCount(standard: 10, maximum: 50)

    /// The places answered from.
    public let places: any PlaceSource
    private let now: @Sendable () -> Int64

    /// A service over a place source; `now` gives seconds since 1970 for the answers' timestamps.
    public init(places: any PlaceSource, now: @escaping @Sendable () -> Int64) {
        self.places = places
        self.now = now
    }

    /// The answer to a GET of `path` with a raw (still percent-encoded) query.
    public func respond(path: String, query raw: Substring?) -> WebAnswer {
        switch path {
        case Self.searchPath: return search(raw)
        case Self.reversePath: return (try? WebQuery(raw))?["format"] == nil ? photonReverse(raw) : reverse(raw)
        case Self.googlePath: return google(raw)
        case Self.photonSearchPath: return photonSearch(raw)
        default: return .notFound
        }
    }

    func search(_ raw: Substring?) -> WebAnswer {
        guard let query = try? WebQuery(raw) else { return .tooLong }
        let text = query["q"] ?? ""
        let limit = Self.results.clamped(Int(query["limit"] ?? ""))
        let found = text.isEmpty ? [] : ((try? places.search(text, limit: limit)) ?? [])
        return xml(NominatimRenderer.search(found, query: text, timestamp: timestamp()))
    }

    func reverse(_ raw: Substring?) -> WebAnswer {
        guard let query = try? WebQuery(raw) else { return .tooLong }
        guard let point = WebQuery.coordinate((query["lat"] ?? "") + "," + (query["lon"] ?? "")) else {
            return WebAnswer(status: 400, contentType: "text/xml; charset=utf-8", body: NominatimRenderer.status(
                "Floating-point number expected for parameter 'lat' and 'lon'"))
        }
        guard let place = nearby(point) else {
            return xml(NominatimRenderer.unableToGeocode(latitude: point.latitude, longitude: point.longitude, timestamp: timestamp()))
        }
        return xml(NominatimRenderer.reverse(place, latitude: point.latitude, longitude: point.longitude, timestamp: timestamp()))
    }

    func google(_ raw: Substring?) -> WebAnswer {
        let google = GoogleGeocodeRenderer.service
        let query: WebQuery
        do { query = try google.query(raw) } catch { return error.answer }
        func answer(_ body: [UInt8]) -> WebAnswer { google.answer(body) }
        if let address = query["address"], !address.isEmpty {
            let found = (try? places.search(address, limit: 5)) ?? []
            return answer(found.isEmpty ? google.status("ZERO_RESULTS") : GoogleGeocodeRenderer.results(found))
        }
        if let latlng = query["latlng"] {
            guard let point = WebQuery.coordinate(latlng) else {
                return answer(google.status("INVALID_REQUEST", message: "Invalid request. Invalid 'latlng' parameter."))
            }
            return answer(nearby(point).map { GoogleGeocodeRenderer.results([$0]) } ?? google.status("ZERO_RESULTS"))
        }
        return answer(google.status("INVALID_REQUEST", message: "Invalid request. Missing the 'address', 'components', 'latlng' or 'place_id' parameter."))
    }

    /// The nearest place within reach.
    func nearby(_ point: GeoPoint) -> Place? {
        guard let place = try? places.nearest(latitude: point.latitude, longitude: point.longitude), place.coordinate.meters(to: point) <= Self.reverseReachKm * 1000 else {
            return nil
        }
        return place
    }

    private func xml(_ body: [UInt8]) -> WebAnswer {
        WebAnswer(status: 200, contentType: "text/xml; charset=utf-8", body: body)
    }

    /// "Sun, 29 Nov 26 21:40:19 +0000", as Nominatim wrote its timestamps.
    func timestamp() -> String {
        let time = LocalDateTime(wallSeconds: now())
        let days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return days[time.date.weekday - 1] + ", " + padded(time.date.day, 2) + " " + months[time.date.month - 1] + " "
            + padded(time.date.year % 100, 2) + " " + time.clock + ":" + padded(time.second, 2) + " +0000"
    }
}
