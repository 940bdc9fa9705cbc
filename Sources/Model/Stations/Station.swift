public import Markup

/// A public-transport stop: a railway station, a tram or bus stop, a pier.
public struct Station: Sendable, Equatable, Hashable {
    /// The stable id (Swiss stops: the 7-digit UIC/DIDOK number, such as `8507000` for Bern).
    public var id: String
    /// The name as the timetable writes it (`Bern`, `Zürich HB`, `Bern, Rathaus`).
    public var name: String
    /// WGS 84 coordinates in degrees.
    public var latitude: Double
    public var longitude: Double
    /// The town it belongs to, when known (`Bern` for `Bern, Rathaus`).
    public var locality: String
    /// What stops there.
    public var kind: Kind

    /// What stops at a station.
    public enum Kind: String, Sendable, CaseIterable {
        case train, tram, bus, ship, cableway
    }

    /// A station named in another element (a board's station, an error's candidates): id, name and position.
    public static let reference = Shape<Station>.children("StationRef", [
        .leaf("id", .string) { $0.id },
        .leaf("name", .string) { $0.name },
        .leaf("lat", .latitude) { $0.latitude },
        .leaf("lon", .longitude) { $0.longitude },
    ])

    /// Creates a station.
    public init(id: String, name: String, latitude: Double, longitude: Double, locality: String = "", kind: Kind = .train) {
        self.id = id
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
        self.locality = locality
        self.kind = kind
    }
}
