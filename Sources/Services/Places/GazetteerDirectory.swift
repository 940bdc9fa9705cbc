public import Model
public import Store

/// The embedded gazetteer as the services' place directory.
public struct GazetteerDirectory: PlaceDirectory {
    public let gazetteer: Gazetteer

    /// The directory over an open gazetteer.
    public init(_ gazetteer: Gazetteer) { self.gazetteer = gazetteer }

    public func search(_ query: String, limit: Int) throws -> [Place] {
        try gazetteer.search(query, limit: limit).map(Self.place)
    }

    public func suggestions(for query: String, limit: Int) throws -> [Place] {
        try gazetteer.suggestions(for: query, limit: limit).map(Self.place)
    }

    public func nearest(latitude: Double, longitude: Double) throws -> Place? {
        try gazetteer.nearest(latitude: latitude, longitude: longitude).map(Self.place)
    }

    /// A gazetteer entry as a place of the documents.
    public static func place(_ entry: GazetteerPlace) -> Place {
        Place(
            id: entry.id > 0 ? entry.id : nil, name: entry.name, admin: entry.admin.isEmpty ? nil : entry.admin, adminName: entry.adminName,
            country: entry.country, countryCode: entry.countryCode, latitude: entry.latitude, longitude: entry.longitude,
            postcode: entry.postcode, population: entry.population > 0 ? entry.population : nil, timeZone: entry.timeZone,
            kind: entry.kind.rawValue)
    }
}
