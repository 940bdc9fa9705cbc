import Model

/// The three answers: connections, a station board, locations.
extension OpendataRenderer {
    /// `/v1/connections`: the connections, then the stations searched from and to, as the 2021
    /// answer (samples/zurich-baden-2021-11-01.json) has them.
    func connections(_ found: [Connection], from: Station, to: Station) -> [UInt8] {
        PHPJSON.object([
            ("connections", .array(found.map(connection))),
            ("from", Self.location(from)), ("to", Self.location(to)),
            ("stations", .object([("from", .array([Self.location(from)])), ("to", .array([Self.location(to)]))])),
        ]).encoded
    }

    /// `/v1/connections` for stations the search does not find: no connections, `from` and `to` null.
    static func stationsNotFound() -> [UInt8] {
        PHPJSON.object([
            ("connections", .array([])), ("from", .null), ("to", .null),
            ("stations", .object([("from", .array([])), ("to", .array([]))])),
        ]).encoded
    }

    /// One connection: its first stop as `from` (with the run's delay), its last as `to` (without:
    /// the API leaves the connection's arrival without realtime), `00d00:28:00`, the sections.
    func connection(_ connection: Connection) -> PHPJSON {
        let sections = connection.sections.map(section)
        let last = connection.sections[connection.sections.count - 1]
        let rides = connection.sections.compactMap(\.ride)
        let firsts = rides.compactMap { $0.opendataCapacity.first }, seconds = rides.compactMap { $0.opendataCapacity.second }
        return .object([
            ("from", sections[0].departure),
            ("to", stop(last.arrival.station, arrival: last.arrival.time, departure: nil, delay: nil, platform: last.arrival.platform)),
            ("duration", .string(Self.duration(connection.duration))),
            ("transfers", .int(Int64(connection.transfers))),
            ("service", .null),
            ("products", .array(rides.map { .string($0.opendataProduct) })),
            ("capacity1st", .optional(firsts.max())), ("capacity2nd", .optional(seconds.max())),
            ("sections", .array(sections.map(\.value))),
        ])
    }

    /// A section and its departure stop, which the connection repeats as its `from`.
    private func section(_ section: Section) -> (value: PHPJSON, departure: PHPJSON) {
        switch section.kind {
        case .ride(let ride):
            let delay = Self.reportedDelay(ride)
            let boarding = stop(section.departure.station, arrival: ride.stops.first?.arrival, departure: section.departure.time, delay: delay,
                                platform: section.departure.platform)
            let alighting = stop(section.arrival.station, arrival: section.arrival.time, departure: nil, delay: delay, platform: section.arrival.platform)
            let passed = ride.stops.dropFirst().dropLast().map { passed in
                stop(passed.station, arrival: passed.arrival, departure: passed.departure, delay: delay, platform: nil)
            }
            let value = PHPJSON.object([
                ("journey", .object(Self.journey(ride, passList: [boarding] + passed + [alighting]))), ("walk", .null),
                ("departure", boarding), ("arrival", alighting),
            ])
            return (value, boarding)
        case .walk:
            let start = stop(section.departure.station, arrival: nil, departure: section.departure.time, delay: nil, platform: nil)
            let end = stop(section.arrival.station, arrival: section.arrival.time, departure: nil, delay: nil, platform: nil)
            let seconds = section.arrival.time.instant - section.departure.time.instant
            let value = PHPJSON.object([
                ("journey", .null), ("walk", .object([("duration", .int(seconds))])), ("departure", start), ("arrival", end),
            ])
            return (value, start)
        }
    }

    /// `/v1/stationboard`: the station, then one entry per run. The API writes the board's time as
    /// the stop's departure on arrival boards too (it reads search.ch's `time` as one).
    func board(_ entries: [BoardEntry], at station: Station) -> [UInt8] {
        let journeys = entries.map { entry in
            let ride = entry.ride, delay = Self.reportedDelay(ride)
            let here = stop(entry.stop.station, arrival: nil, departure: entry.stop.time, delay: delay, platform: entry.stop.platform)
            let passList = ride.stops.map { passed in
                passed.station == entry.stop.station
                    ? here : stop(passed.station, arrival: passed.arrival, departure: passed.departure, delay: delay, platform: nil)
            }
            return PHPJSON.object([("stop", here)] + Self.journey(ride, passList: passList))
        }
        return PHPJSON.object([("station", Self.location(station)), ("stationboard", .array(journeys))]).encoded
    }

    /// `/v1/stationboard` for a station the search does not find.
    static func boardNotFound() -> [UInt8] {
        PHPJSON.object([("station", .null), ("stationboard", .array([]))]).encoded
    }

    /// `/v1/locations`: stations with their icon, and their distance in metres when near a position.
    static func locations(_ stations: [(station: Station, metres: Double?)]) -> [UInt8] {
        PHPJSON.object([
            ("stations", .array(stations.map { location($0.station, distance: $0.metres.map { Int($0.rounded()) }, icon: true) })),
        ]).encoded
    }

    /// `00d00:28:00`: days, hours, minutes and seconds.
    static func duration(_ seconds: Int64) -> String {
        let total = max(0, Int(seconds))
        return padded(total / 86_400, 2) + "d" + padded(total / 3600 % 24, 2) + ":" + padded(total / 60 % 60, 2) + ":" + padded(total % 60, 2)
    }
}
