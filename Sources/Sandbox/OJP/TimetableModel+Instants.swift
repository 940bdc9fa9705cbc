import Model

/// The timetable asked at an instant rather than a wall-clock reading, as OJP's UTC times ask it.
///
/// The model reads a local time in the repeated hour of the autumn night as its first (summer)
/// instant. An OJP time names one instant, so an instant in the second pass of that hour is
/// asked as the reading an hour earlier (departures) or an hour later (arrivals), and what falls
/// on the wrong side of the instant is dropped.
extension TimetableModel {
    /// Runs that may fall in the hour a repeated reading adds: asked for besides those wanted.
    static let repeatedHourMargin = 12

    /// Connections through the `via` stations leaving at or after `instant` (arriving at or before it with `isArrivalTime`).
    func connections(
        from origin: Station, to destination: Station, via: [Station] = [], atInstant instant: Int64, isArrivalTime: Bool, limit: Int
    ) throws(TimetableError) -> [Connection] {
        let reading = clock.moment(instant).local
        let read = clock.instant(of: reading)
        guard read != instant else {
            return try connections(from: origin, to: destination, via: via, at: reading, isArrivalTime: isArrivalTime, limit: limit)
        }
        let wider = limit + Self.repeatedHourMargin
        if isArrivalTime {
            let later = clock.moment(instant + (instant - read)).local
            let found = try connections(from: origin, to: destination, via: via, at: later, isArrivalTime: true, limit: wider)
            return Array(found.filter { $0.arrival.time.instant <= instant }.suffix(limit))
        }
        let found = try connections(from: origin, to: destination, via: via, at: reading, limit: wider)
        return Array(found.filter { $0.departure.time.instant >= instant }.prefix(limit))
    }

    /// Departures (or arrivals) at a station at or after `instant`.
    func board(at station: Station, fromInstant instant: Int64, arrivals: Bool, limit: Int) throws(TimetableError) -> [BoardEntry] {
        let reading = clock.moment(instant).local
        let exact = clock.instant(of: reading) == instant
        let wanted = exact ? limit : limit + Self.repeatedHourMargin
        let found = arrivals ? try self.arrivals(at: station, from: reading, limit: wanted) : try departures(at: station, from: reading, limit: wanted)
        return exact ? found : Array(found.filter { $0.stop.time.instant >= instant }.prefix(limit))
    }

    /// The stations within `radius` metres of a position, nearest first (ties: by id).
    func nearestStations(to position: OJPRequest.Position, within radius: Double, limit: Int) -> [(station: Station, metres: Double)] {
        nearestStations(to: GeoPoint(position.latitude, position.longitude), within: radius, limit: limit)
    }

    /// The stations within `radius` metres of a point, nearest first (ties: by id).
    func nearestStations(to point: GeoPoint, within radius: Double, limit: Int) -> [(station: Station, metres: Double)] {
        let here = Station(id: "", name: "", latitude: point.latitude, longitude: point.longitude)
        var found: [(station: Station, metres: Double)] = []
        for station in stations {
            let metres = Geo.distance(here, station)
            if metres <= radius { found.append((station, metres)) }
        }
        found.sort { ($0.metres, $0.station.id) < ($1.metres, $1.station.id) }
        return Array(found.prefix(limit))
    }
}
