/// Photon's search and reverse geocoding, with its refusals: a search without `q`, a reverse
/// lookup without two numbers or with one out of range is a 400 with Photon's message.
extension GeocodingSimulator {
    /// The most features Photon gives, whatever `limit` asks.
    static let photonMaximumResults = 50

    func photonSearch(_ raw: Substring?) -> WebAnswer {
        guard let query = try? WebQuery(raw) else { return .tooLong }
        guard let text = query["q"] else { return photonRefusal("missing search term 'q': /?q=berlin") }
        let limit = min(Self.photonMaximumResults, max(1, Int(query["limit"] ?? "") ?? 15))
        return photonAnswer(PhotonRenderer.collection(text.isEmpty ? [] : ((try? places.search(text, limit: limit)) ?? [])))
    }

    func photonReverse(_ raw: Substring?) -> WebAnswer {
        guard let query = try? WebQuery(raw) else { return .tooLong }
        guard let lonText = query["lon"], let latText = query["lat"] else {
            return photonRefusal("missing search term 'lat' and/or 'lon': /?lat=51.5&lon=8.0")
        }
        guard let lon = Double(lonText), let lat = Double(latText), lon.isFinite, lat.isFinite else {
            return photonRefusal("invalid search term 'lat' and/or 'lon': /?lat=51.5&lon=8.0")
        }
        guard abs(lon) <= 180 else { return photonRefusal("invalid search term 'lon', expected number >= -180.0 and <= 180.0") }
        guard abs(lat) <= 90 else { return photonRefusal("invalid search term 'lat', expected number >= -90.0 and <= 90.0") }
        let limit = min(Self.photonMaximumResults, max(1, Int(query["limit"] ?? "") ?? 1))
        // One place is the nearest, as Nominatim's reverse answers; more are the nearest few.
        let found = limit == 1
            ? nearby(GeoPoint(lat, lon)).map { [$0] } ?? []
            : ((try? places.places(near: lat, longitude: lon, withinKm: Self.reverseReachKm, minimumPopulation: 0, limit: limit)) ?? [])
        return photonAnswer(PhotonRenderer.collection(found))
    }

    private func photonAnswer(_ body: [UInt8]) -> WebAnswer {
        WebAnswer(status: 200, contentType: "application/json;charset=utf-8", body: body)
    }

    private func photonRefusal(_ message: String) -> WebAnswer {
        WebAnswer(status: 400, contentType: "application/json;charset=utf-8", body: PhotonRenderer.message(message))
    }
}
