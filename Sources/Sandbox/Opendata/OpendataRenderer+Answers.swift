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
            ("to", stop(last.arrival.station, arrival: last.arrival.time, departure: nil, platform: last.arrival.platform, prognosis: .none)),
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
            // The boarding stop is written with the run's arrival there too, as the API does.
            let first = ride.stops[0], last = ride.stops[ride.stops.count - 1]
            let boarding = stop(
                section.departure.station, arrival: first.arrival, departure: section.departure.time, platform: section.departure.platform,
                prognosis: Self.prognosis(
                    arrival: first.arrival, departure: first.departure, predictedArrival: first.predictedArrival,
                    predictedDeparture: first.predictedDeparture, platform: first.platform, predictedPlatform: first.predictedPlatform, ride: ride))
            let alighting = stop(
                section.arrival.station, arrival: section.arrival.time, departure: nil, platform: section.arrival.platform,
                prognosis: Self.prognosis(
                    arrival: last.arrival, departure: nil, predictedArrival: last.predictedArrival, predictedDeparture: nil,
                    platform: last.platform, predictedPlatform: last.predictedPlatform, ride: ride))
            let passed = ride.stops.dropFirst().dropLast().map { passed in
                var prognosis = Self.prognosis(passed, of: ride)
                // Intermediate stops are written without a platform, so without a changed one either.
                prognosis.platform = nil
                return stop(passed.station, arrival: passed.arrival, departure: passed.departure, platform: nil, prognosis: prognosis)
            }
            let value = PHPJSON.object([
                ("journey", .object(Self.journey(ride, passList: [boarding] + passed + [alighting]))), ("walk", .null),
                ("departure", boarding), ("arrival", alighting),
            ])
            return (value, boarding)
        case .walk:
            let start = stop(section.departure.station, arrival: nil, departure: section.departure.time, platform: nil, prognosis: .none)
            let end = stop(section.arrival.station, arrival: section.arrival.time, departure: nil, platform: nil, prognosis: .none)
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
            let ride = entry.ride
            // An arrival's expected time is written as the expected departure, like its time.
            let prognosis = Self.prognosis(entry.stop, departing: true, of: ride)
            let here = stop(entry.stop.station, arrival: nil, departure: entry.stop.time, platform: entry.stop.platform, prognosis: prognosis)
            let passList = ride.stops.map { passed in
                guard passed.station != entry.stop.station else { return here }
                var prognosis = Self.prognosis(passed, of: ride)
                prognosis.platform = nil
                return stop(passed.station, arrival: passed.arrival, departure: passed.departure, platform: nil, prognosis: prognosis)
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
