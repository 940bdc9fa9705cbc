public import Store

/// The embedded gazetteer as the simulators' places.
public struct GazetteerPlaceSource: PlaceSource {
    public let gazetteer: Gazetteer

    /// The places of an open gazetteer.
    public init(_ gazetteer: Gazetteer) { self.gazetteer = gazetteer }

    public func places(near latitude: Double, _ longitude: Double, withinKm: Double, minimumPopulation: Int, limit: Int) -> [SandboxPlace] {
        let found = try? gazetteer.places(near: latitude, longitude: longitude, withinKm: withinKm, minimumPopulation: minimumPopulation, limit: limit)
        return (found ?? []).map(Self.place)
    }

    public func search(_ text: String, limit: Int) -> [SandboxPlace] {
        ((try? gazetteer.search(text, limit: limit)) ?? []).map(Self.place)
    }

    public func nearest(_ latitude: Double, _ longitude: Double) -> SandboxPlace? {
        (try? gazetteer.nearest(latitude: latitude, longitude: longitude)).flatMap { $0 }.map(Self.place)
    }

    static func place(_ entry: GazetteerPlace) -> SandboxPlace {
        SandboxPlace(
            name: entry.name, admin: entry.admin.isEmpty ? nil : entry.admin, adminName: entry.adminName, country: entry.country,
            countryCode: entry.countryCode, latitude: entry.latitude, longitude: entry.longitude, population: entry.population,
            timeZone: entry.timeZone, postcode: entry.postcode)
    }
}
