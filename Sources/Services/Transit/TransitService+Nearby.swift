public import Kernel
public import Model
import Store

extension TransitService {
    /// The stations within `radius` metres of `position` across every agency whose timetable is
    /// in service, nearest first, at most `limit`, each with its next `departures` departures
    /// within the hour. A station is a parent station with its platforms, or a stop with the stops
    /// of the same name at the same place; its distance is that of its nearest stop.
    public func nearby(_ position: Coordinate, radius: Double, limit: Int, departures perStop: Int) async -> TransitNearby {
        var candidates: [(agency: Agency, database: TransitDatabase, stop: GTFSStop, meters: Double, ids: [String])] = []
        for agency in agencies {
            guard let database = agency.timetable.database else { continue }
            let index = stopIndex(agency, database)
            let near = index.nearest(latitude: position.latitude, longitude: position.longitude, radius: radius, limit: limit * 4 + 8)
            var seen = Set<String>()
            for entry in near {
                // A platform stands for its station.
                let stop = entry.stop.parentStation.flatMap { index.stop($0) } ?? entry.stop
                guard !seen.contains(stop.id) else { continue }
                let ids = index.station(of: stop)
                seen.formUnion(ids)
                candidates.append((agency, database, stop, entry.meters, ids))
            }
        }
        candidates.sort { $0.meters < $1.meters }
        let now = self.now
        var entries: [TransitNearby.Entry] = []
        for candidate in candidates.prefix(limit) {
            let realtime = await feeds(candidate.agency)
            let departures = join(candidate.agency, candidate.database, station: candidate.ids, realtime: realtime, from: now, window: 3600, limit: perStop)
            entries.append(TransitNearby.Entry(
                stop: Self.stop(candidate.stop, agency: candidate.agency.name), distance: Distance(meters: candidate.meters.rounded()),
                feed: realtime.stamp(now: upstreams.now(), zone: candidate.database.timeZone),
                alerts: stationAlerts(realtime, station: candidate.ids, zone: candidate.database.timeZone), departures: departures))
        }
        return TransitNearby(stops: entries)
    }

    /// An agency's stops whose name matches `text`, prefix matches first.
    public func stops(agency name: String, matching text: String, limit: Int) throws(Failure) -> TransitStops {
        guard let agency = agency(name) else { throw .unknownAgency(name) }
        let database = try timetable(agency)
        return TransitStops(((try? database.stops(matching: text, limit: limit)) ?? []).map { (Self.stop($0, agency: name), nil) })
    }

    /// An agency's stops nearest to `position`, with their distance.
    public func stops(agency name: String, near position: Coordinate, limit: Int) throws(Failure) -> TransitStops {
        guard let agency = agency(name) else { throw .unknownAgency(name) }
        let database = try timetable(agency)
        let near = (try? database.nearest(latitude: position.latitude, longitude: position.longitude, limit: limit)) ?? []
        return TransitStops(near.map { (Self.stop($0.stop, agency: name), Distance(meters: $0.meters.rounded())) })
    }

    /// An agency's alerts in force now.
    public func alerts(agency name: String) async throws(Failure) -> [Alert] {
        guard let agency = agency(name) else { throw .unknownAgency(name) }
        guard let snapshot = try? await agency.alerts?.snapshot() else { return [] }
        let zone = agency.timetable.database?.timeZone ?? .utc
        let now = self.now
        return snapshot.index.active(at: now).map { $0.alert(language: language, at: now, zone: zone) }
    }
}
