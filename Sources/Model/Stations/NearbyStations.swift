public import Markup

/// Stations near a position, nearest first, with their distance: `<stations>`.
public struct NearbyStations: Representable, Equatable {
    /// Each station and its great-circle distance in metres.
    public var stations: [(station: Station, meters: Double)]

    /// Creates the document.
    public init(_ stations: [(station: Station, meters: Double)]) { self.stations = stations }

    /// The document, declared once for its node and the schemas.
    public static let document = DocumentShape<NearbyStations>(
        "stations", summary: "Stations near a position, nearest first; distance in metres.",
        .list("station", .children(nil, [
            .fields(Station.reference) { $0.station },
            .leaf("kind", .stationKind) { $0.station.kind.rawValue },
            .leaf("distance", .count) { Int($0.meters.rounded()) },
        ])) { $0.stations })

    public var node: Node { Self.document.node(self) }

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

    /// The document, declared once for its node and the schemas.
    public static let document = DocumentShape<StationMatches>(
        "locations", summary: "Stations matching a search, best first; distance in metres when a position was given.",
        .list("station", .children(nil, [
            .fields(Station.reference) { $0.station },
            .leaf("kind", .stationKind) { $0.station.kind.rawValue },
            .leaf("score", .range(nil, 0...1, base: .double)) { ($0.score * 1000).rounded() / 1000 },
            .optional("distance", .count) { $0.meters.map { Int($0.rounded()) } },
        ])) { $0.matches })

    public var node: Node { Self.document.node(self) }
}
