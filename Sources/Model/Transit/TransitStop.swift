public import Markup

/// A stop or station of an agency's static GTFS, as a client sees it: `<stop>`.
public struct TransitStop: Sendable, Equatable, Hashable {
    /// The agency's key in the API (`bart`).
    public var agency: String
    /// The GTFS `stop_id`.
    public var id: String
    public var name: String
    public var latitude: Double
    public var longitude: Double
    /// The platform's own code (`platform_code`), for a platform of a station.
    public var platform: String?
    /// The station it belongs to (`parent_station`), for a platform.
    public var parent: String?

    /// Creates a stop.
    public init(agency: String, id: String, name: String, latitude: Double, longitude: Double, platform: String? = nil, parent: String? = nil) {
        self.agency = agency
        self.id = id
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
        self.platform = platform
        self.parent = parent
    }

    /// A stop with its distance from the position asked for, when there was one.
    public typealias Located = (stop: TransitStop, distance: Distance?)

    /// What a `<stop>` holds, declared once for its node and the schemas; other elements splice it
    /// in with `.fields` (a stop with its departures).
    public static let shape = Shape<Located>.children("TransitStop", summary: "A stop or station of an agency.", [
        .leaf("agency", .string, summary: "The agency's key in the API.") { $0.stop.agency },
        .leaf("id", .string, summary: "The stop's GTFS stop_id.") { $0.stop.id },
        .leaf("name", .string) { $0.stop.name },
        .leaf("lat", .latitude) { $0.stop.latitude },
        .leaf("lon", .longitude) { $0.stop.longitude },
        .optional("platform", .string, summary: "The platform's own code, for a platform of a station.") { $0.stop.platform },
        .optional("parent", .string, summary: "The station a platform belongs to.") { $0.stop.parent },
        .optionalElement("distance", Distance.shape) { $0.distance },
    ])
}
