import Kernel
import Model

/// A location as transport.opendata.ch writes it: a station with its coordinate; a name the
/// directory does not know has no id and no coordinate.
struct OpendataLocation: Sendable {
    var id: String?
    var name: String?
    var latitude: Double?
    var longitude: Double?
    /// How well it matches a query, 0 to 100, where a search ranked it.
    var score: Int?
    /// Metres from the position asked about, where one was given.
    var distance: Int?
    /// `train`, `tram`, `bus`, `ship` or `cableway`: only `/v1/locations` writes it.
    var icon: String?

    /// A station of the directory.
    init(_ station: Station, score: Int? = nil, distance: Int? = nil, icon: Bool = false) {
        id = station.id
        name = station.name
        latitude = station.latitude
        longitude = station.longitude
        self.score = score
        self.distance = distance
        self.icon = icon ? station.kind.rawValue : nil
    }

    /// A name only.
    init(name: String?) {
        self.name = name
    }
}

/// A checkpoint (the original's `Stop`): a location with the times a run arrives and leaves,
/// the delay where realtime is known (which moves the prognosis), and the platform.
struct OpendataStop: Sendable {
    var location: OpendataLocation
    var arrival: OffsetDateTime?
    var departure: OffsetDateTime?
    /// Minutes late, where realtime is known.
    var delay: Int?
    var platform: String?

    /// A time moved by the delay: the prognosis, where realtime is known.
    func expected(_ time: OffsetDateTime?) -> OffsetDateTime? {
        guard let time, let delay else { return nil }
        return OffsetDateTime(checking: time.instant + Int64(delay) * 60, offset: time.offset)
    }
}

/// The run of a section or a board entry.
struct OpendataJourney: Sendable {
    /// The run's number (`019254`), or its line where the run has none.
    var name: String?
    /// `IC`, `S`, `B`.
    var category: String?
    /// The line within the category (`12` of `S 12`).
    var number: String?
    var `operator`: String?
    /// Where it is headed.
    var to: String?
    var passList: [OpendataStop] = []
    var capacity1st: Int?
    var capacity2nd: Int?
}

/// One section of a connection: a run, or a walk of so many seconds.
struct OpendataSection: Sendable {
    var journey: OpendataJourney?
    var walk: Int?
    var departure: OpendataStop
    var arrival: OpendataStop
}

/// One connection.
struct OpendataConnection: Sendable {
    var from: OpendataStop
    var to: OpendataStop
    var duration: Int64
    var transfers: Int
    var products: [String]
    var capacity1st: Int?
    var capacity2nd: Int?
    var sections: [OpendataSection]
}

/// One departure or arrival of a stationboard: its stop at the station and its run.
struct OpendataBoardEntry: Sendable {
    var stop: OpendataStop
    var journey: OpendataJourney
}

/// `/v1/connections`: the connections, and the stations the names were taken for.
struct OpendataConnections: Sendable {
    var connections: [OpendataConnection]
    var from: OpendataLocation
    var to: OpendataLocation
}

/// `/v1/stationboard`: the station and its board.
struct OpendataStationBoard: Sendable {
    var station: OpendataLocation
    var entries: [OpendataBoardEntry]
}
