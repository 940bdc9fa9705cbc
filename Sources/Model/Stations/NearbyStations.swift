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

/// Stations matching a search, best first, with their score (0…1) and, when the client sent its
/// position, their distance in metres: `<locations>`.
public struct StationMatches: Representable, Equatable {
    public struct Match: Sendable, Equatable {
        public var station: Station
        public var score: Double
        public var meters: Double?

        public init(station: Station, score: Double, meters: Double?) {
            self.station = station
            self.score = score
            self.meters = meters
        }
    }

    public var matches: [Match]

    /// Creates the document.
    public init(_ matches: [Match]) { self.matches = matches }

    public var node: Node {
        .list("locations", matches.map { match in
            .element("station", [
                .leaf("id", match.station.id),
                .leaf("name", match.station.name),
                .leaf("lat", match.station.latitude),
                .leaf("lon", match.station.longitude),
                .leaf("kind", match.station.kind.rawValue),
                .leaf("score", (match.score * 1000).rounded() / 1000),
                .leaf("distance", match.meters.map { Int($0.rounded()) }),
            ])
        })
    }
}
