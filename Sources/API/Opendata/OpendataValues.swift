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

/// A checkpoint (the original's `Stop`): a location with the times a run arrives and leaves and
/// the platform, and what real-time expects of them (the prognosis), where it is known.
struct OpendataStop: Sendable {
    var location: OpendataLocation
    var arrival: OffsetDateTime?
    var departure: OffsetDateTime?
    var platform: String?
    var arrivalPredicted: OffsetDateTime?
    var departurePredicted: OffsetDateTime?
    var platformPredicted: String?

    /// Minutes late, where real-time is known: at the departure, or at the arrival for a stop
    /// the run only arrives at.
    var delay: Int? {
        if let departure { return Delay.minutes(planned: departure, predicted: departurePredicted) }
        return arrival.flatMap { Delay.minutes(planned: $0, predicted: arrivalPredicted) }
    }
}

extension OpendataStop {
    /// A part's departure end.
    init(departureOf part: Part, at location: OpendataLocation) {
        self.init(
            location: location, departure: part.departure, platform: part.trackfrom.nonEmpty, departurePredicted: part.departurePredicted,
            platformPredicted: part.trackfromPredicted)
    }

    /// A part's arrival end.
    init(arrivalOf part: Part, at location: OpendataLocation) {
        self.init(
            location: location, arrival: part.arrival, platform: part.trackto.nonEmpty, arrivalPredicted: part.arrivalPredicted,
            platformPredicted: part.tracktoPredicted)
    }

    /// A stop between a part's ends.
    init(_ stop: Stop, at location: OpendataLocation) {
        self.init(
            location: location, arrival: stop.arrival, departure: stop.departure, platform: stop.platform, arrivalPredicted: stop.arrivalPredicted,
            departurePredicted: stop.departurePredicted, platformPredicted: stop.platformPredicted)
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
