import Model
import Scrape

/// Turns a location route's records (list `stations`: id, name, lat, lon; `opendata-locations`,
/// `ojp-locations`) into the station the provider's search ranks first.
enum LocationRecords {
    /// The first station with an id and a name; its position when the search gives one.
    static func first(_ lists: [Record.Member]) -> Station? {
        for record in ConnectionRecords.list("stations", in: lists) {
            guard let id = record.value("id"), let name = record.value("name"), !id.isEmpty, !name.isEmpty else { continue }
            let latitude = record.value("lat").flatMap(Double.init), longitude = record.value("lon").flatMap(Double.init)
            let kind = record.value("icon").flatMap(Station.Kind.init(rawValue:)) ?? .train
            return Station(id: id, name: name, latitude: latitude ?? 0, longitude: longitude ?? 0, kind: kind)
        }
        return nil
    }
}
