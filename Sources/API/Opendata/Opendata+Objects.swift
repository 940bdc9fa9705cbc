import Kernel
import Markup

/// transport.opendata.ch's v1 objects (`lib/Transport/Entity/…` in OpendataCH/Transport), in
/// the order of their members in its recorded answers.
enum Opendata {
    /// `coordinate`: `x` is the latitude, `y` the longitude.
    static let coordinate = OpendataObject<OpendataLocation>("OpendataCoordinate", "A position in WGS 84.", [
        .string("type", "Always `WGS84`.", nullable: false) { _ in "WGS84" },
        .number("x", "Latitude in degrees.") { $0.latitude },
        .number("y", "Longitude in degrees.") { $0.longitude },
    ])

    /// A location inside connections and boards: id, name, score, coordinate, distance.
    static let station = OpendataObject<OpendataLocation>("OpendataStation", "A station.", stationMembers)

    /// A location of `/v1/locations`, which also has its icon.
    static let location = OpendataObject<OpendataLocation>(
        "OpendataLocation", "A station found by name or position.",
        stationMembers + [.string("icon", "What stops there: `train`, `tram`, `bus`, `ship` or `cableway`.") { $0.icon }])

    private static let stationMembers: [OpendataObject<OpendataLocation>.Member] = [
        .string("id", "The station's id (UIC number, such as `8507000`).") { $0.id },
        .string("name", "The station's name.") { $0.name },
        .integer("score", "How well it matches the query, 0 to 100; null where nothing was searched.") { $0.score },
        .object("coordinate", coordinate) { $0 },
        .integer("distance", "Metres from the position given (`x`, `y`); null without one.") { $0.distance },
    ]

    /// `prognosis`: the expected times where realtime is known.
    static let prognosis = OpendataObject<OpendataStop>("OpendataPrognosis", "What realtime expects at a checkpoint.", [
        .string("platform", "The platform the upstream now expects, where it says.") { $0.platformPredicted },
        .string("arrival", "The expected arrival, where realtime is known.") { $0.arrivalPredicted.map(time) },
        .string("departure", "The expected departure, where realtime is known.") { $0.departurePredicted.map(time) },
        .integer("capacity1st", "Expected first-class load, 1 (low) to 3 (high).") { _ in nil },
        .integer("capacity2nd", "Expected second-class load, 1 (low) to 3 (high).") { _ in nil },
    ])

    /// A checkpoint (`Stop`).
    static let stop = OpendataObject<OpendataStop>("OpendataCheckpoint", "A run at a station: its times, delay and platform.", [
        .object("station", station) { $0.location },
        .string("arrival", "Arrival, ISO 8601 with the offset written without a colon (`2021-11-01T14:44:00+0100`).") { $0.arrival.map(time) },
        .integer("arrivalTimestamp", "Arrival, seconds since 1970.") { $0.arrival.map { Int($0.instant) } },
        .string("departure", "Departure, as arrival.") { $0.departure.map(time) },
        .integer("departureTimestamp", "Departure, seconds since 1970.") { $0.departure.map { Int($0.instant) } },
        .integer("delay", "Minutes late; null where no realtime is known.") { $0.delay },
        .string("platform", "The platform.") { $0.platform },
        .object("prognosis", prognosis) { $0 },
        .string("realtimeAvailability", "The original's realtime note; null.") { _ in nil },
        .object("location", station) { $0.location },
    ])

    /// A run's own members, shared by a section's `journey` and a board entry.
    static let journeyMembers: [OpendataObject<OpendataJourney>.Member] = [
        .string("name", "The run's number (`019254`), or its line where the run has none.") { $0.name },
        .string("category", "The category: `IC`, `IR`, `S`, `B`, `T`, …") { $0.category },
        .string("subcategory", "Null.") { _ in nil },
        .string("categoryCode", "Null.") { _ in nil },
        .string("number", "The line within the category (`12` of S 12).") { $0.number },
        .string("operator", "The operator's code (`SBB`).") { $0.operator },
        .string("to", "Where the run is headed.") { $0.to },
        .list("passList", stop) { $0.passList },
        .integer("capacity1st", "Expected first-class load, 1 (low) to 3 (high).") { $0.capacity1st },
        .integer("capacity2nd", "Expected second-class load, 1 (low) to 3 (high).") { $0.capacity2nd },
    ]

    /// A section's run.
    static let journey = OpendataObject<OpendataJourney>("OpendataJourney", "The run of a section.", journeyMembers)

    /// A walk between two runs.
    static let walk = OpendataObject<Int>("OpendataWalk", "A walk between two runs.", [
        .integer("duration", "Seconds.") { $0 },
    ])

    /// A section: a run (`journey`) or a walk, from its departure to its arrival.
    static let section = OpendataObject<OpendataSection>("OpendataSection", "A run or a walk of a connection.", [
        .object("journey", journey, nullable: true) { $0.journey },
        .object("walk", walk, nullable: true) { $0.walk },
        .object("departure", stop) { $0.departure },
        .object("arrival", stop) { $0.arrival },
    ])

    /// A connection.
    static let connection = OpendataObject<OpendataConnection>("OpendataConnection", "One connection.", [
        .object("from", stop) { $0.from },
        .object("to", stop) { $0.to },
        .string("duration", "`00d00:28:00`: days, hours, minutes, seconds.") { duration($0.duration) },
        .integer("transfers", "How many times one changes.") { $0.transfers },
        .string("service", "Null.") { _ in nil },
        .strings("products", "The lines used, in order (`IR 16`, `S12`).") { $0.products },
        .integer("capacity1st", "Expected first-class load, 1 (low) to 3 (high).") { $0.capacity1st },
        .integer("capacity2nd", "Expected second-class load, 1 (low) to 3 (high).") { $0.capacity2nd },
        .list("sections", section) { $0.sections },
    ])

    /// A stationboard entry: the run's stop at the station, then the run.
    static let boardEntry = OpendataObject<OpendataBoardEntry>(
        "OpendataStationboardJourney", "A departure or arrival at the station.",
        [.object("stop", stop) { $0.stop }] + journeyMembers.map { $0.reading { (entry: OpendataBoardEntry) in entry.journey } })

    /// `/v1/locations`.
    static let locations = OpendataObject<[OpendataLocation]>("OpendataLocations", "Stations by name or near a position.", [
        .list("stations", location) { $0 },
    ])

    /// `/v1/connections`.
    static let connections = OpendataObject<OpendataConnections>(
        "OpendataConnections", "Connections, and the stations the names were taken for.",
        [
            .list("connections", connection) { $0.connections },
            .object("from", station) { $0.from },
            .object("to", station) { $0.to },
            .object("stations", stations) { $0 },
        ])

    /// The stations of `/v1/connections`, each name's list.
    static let stations = OpendataObject<OpendataConnections>("OpendataStations", "The stations each name was taken for.", [
        .list("from", station) { [$0.from] },
        .list("to", station) { [$0.to] },
    ])

    /// `/v1/stationboard`.
    static let stationBoard = OpendataObject<OpendataStationBoard>("OpendataStationboard", "A station's departures or arrivals.", [
        .object("station", station) { $0.station },
        .list("stationboard", boardEntry) { $0.entries },
    ])

    /// Every object's schema, for the OpenAPI components.
    static let schemas: [JSONValue.Member] = [
        .init(coordinate.name, coordinate.schema), .init(station.name, station.schema), .init(location.name, location.schema),
        .init(prognosis.name, prognosis.schema), .init(stop.name, stop.schema), .init(journey.name, journey.schema),
        .init(walk.name, walk.schema), .init(section.name, section.schema), .init(connection.name, connection.schema),
        .init(boardEntry.name, boardEntry.schema), .init(locations.name, locations.schema), .init(connections.name, connections.schema),
        .init(stations.name, stations.schema), .init(stationBoard.name, stationBoard.schema),
        .init(errorMessage.name, errorMessage.schema), .init(errors.name, errors.schema),
    ]

    /// `2021-11-01T14:44:00+0100`: ISO 8601 with the offset written without a colon, as PHP's `DateTime::ISO8601`.
    static func time(_ time: OffsetDateTime) -> String {
        var text = time.iso8601
        text.remove(at: text.index(text.endIndex, offsetBy: -3))
        return text
    }

    /// `00d00:28:00`.
    static func duration(_ seconds: Int64) -> String {
        let seconds = max(0, seconds)
        let days = seconds / 86_400, rest = seconds % 86_400
        return "\(pad(days))d\(pad(rest / 3600)):\(pad(rest / 60 % 60)):\(pad(rest % 60))"
    }

    private static func pad(_ value: Int64) -> String { value < 10 ? "0\(value)" : String(value) }
}
