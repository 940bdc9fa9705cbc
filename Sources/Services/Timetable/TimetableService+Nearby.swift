public import Kernel
public import Model
import Scrape
import Store
import Upstream

extension TimetableService {
    /// The stops within `radius` metres of `position` with their next departures within the
    /// hour, from a provider that answers by position (MOTIS's stop times around a center):
    /// grouped by stop, nearest first, at most `limit`, `perStop` departures each, as
    /// `/api/transit/nearby` lists an agency's. Nil from a provider that takes no positions;
    /// none when its upstream fails.
    public func nearbyStops(_ position: Coordinate, radius: Double, limit: Int, departures perStop: Int) async -> [TransitNearby.Entry]? {
        guard provider.takesPositions, let route = upstreams.catalog[provider.boardRoute] else { return nil }
        let center = Station(id: "", name: "", latitude: position.latitude, longitude: position.longitude)
        var parameters = provider.boardParameters(
            station: center, kind: .departure, at: moment(atUTC: now() / 1000), limit: min(200, limit * perStop * 4))
        parameters["radius"] = String(Int(radius))
        guard let answer = try? await upstreams.client(for: route).extract(route, parameters: parameters),
            case .success(let lists) = answer.extraction.outcome
        else { return [] }
        let end = now() / 1000 + 3600
        var stops: [String: (stop: TransitStop, meters: Double, departures: [TransitDeparture])] = [:]
        for record in ConnectionRecords.list("departures", in: lists) {
            guard let id = record.value("station_id"), let time = ConnectionRecords.time(record, "time", zone), time.instant <= end,
                let latitude = record.value("lat").flatMap(Double.init), let longitude = record.value("lon").flatMap(Double.init)
            else { continue }
            if stops[id] == nil {
                let stop = TransitStop(agency: provider.rawValue, id: id, name: record.value("station") ?? id, latitude: latitude, longitude: longitude)
                let meters = StationDirectory.meters(fromLatitude: position.latitude, longitude: position.longitude, toLatitude: latitude, longitude: longitude)
                stops[id] = (stop, meters, [])
            }
            guard stops[id]!.departures.count < perStop else { continue }
            let predicted = ConnectionRecords.time(record, "prognosis", zone)
            let cancelled = record.value("cancelled") == "true"
            stops[id]!.departures.append(TransitDeparture(
                tripID: record.value("trip") ?? "", serviceDate: String(time.iso8601.prefix(10)), routeID: record.value("line") ?? "",
                route: record.value("line"), headsign: record.value("direction"), stopID: id, platform: record.value("platform"), time: time,
                timePredicted: predicted, realtime: predicted != nil || cancelled ? .asserted : .scheduled, cancelled: cancelled,
                departureCancelled: record.value("departure_cancelled") == "true", alerts: RealtimeRecords.alerts(record, zone: zone)))
        }
        return stops.values.sorted { ($0.meters, $0.stop.id) < ($1.meters, $1.stop.id) }.prefix(limit).map {
            TransitNearby.Entry(stop: $0.stop, distance: Distance(meters: $0.meters.rounded()), feed: nil, departures: $0.departures)
        }
    }
}
