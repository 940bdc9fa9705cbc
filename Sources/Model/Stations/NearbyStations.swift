public import Markup

/// Stations near a position, nearest first, with their distance: `<stations>`.
public struct NearbyStations: Representable, Equatable {
    /// Each station and its great-circle distance in metres.
    public var stations: [(station: Station, meters: Double)]

    /// Creates the document.
    public init(_ stations: [(station: Station, meters: Double)]) { self.stations = stations }

    public var node: Node {
        .list("stations", stations.map { entry in
            .element("station", [
                .leaf("id", entry.station.id),
                .leaf("name", entry.station.name),
                .leaf("lat", entry.station.latitude),
                .leaf("lon", entry.station.longitude),
                .leaf("kind", entry.station.kind.rawValue),
                .leaf("distance", Int(entry.meters.rounded())),
            ])
        })
    }

    public static func == (lhs: NearbyStations, rhs: NearbyStations) -> Bool {
        lhs.stations.map(\.station) == rhs.stations.map(\.station) && lhs.stations.map(\.meters) == rhs.stations.map(\.meters)
    }
}
