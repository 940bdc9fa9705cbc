import Model
import Scrape
import Kernel

/// Turns a departures route's records (see `Routes/README.md`: list `feed` with `generated`,
/// list `stations` with abbr, name, message and `destinations`, each with `trains` or, in the
/// legacy feed, a multi-valued `minutes`) into stations' feeds, by abbreviation.
enum FeedRecords {
    /// The feed's timestamp and every station it names, known stations by their directory entry.
    static func index(_ lists: [Record.Member], known: [String: BARTStation]) -> (generated: String?, stations: [String: BARTStationFeed]) {
        let feed = ConnectionRecords.list("feed", in: lists).first
        let generated = feed?.value("generated"), timestamp = feed?.time("generated", in: .utc)
        var stations: [String: BARTStationFeed] = [:]
        for record in ConnectionRecords.list("stations", in: lists) {
            guard let abbr = record.value("abbr")?.uppercased(), !abbr.isEmpty else { continue }
            let station = known[abbr] ?? BARTStation.unlisted(abbr: abbr, name: record.value("name") ?? abbr)
            stations[abbr] = BARTStationFeed(
                station: station, destinations: record.list("destinations").compactMap { destination($0, generated: timestamp) }, message: record.value("message"))
        }
        return (generated, stations)
    }

    static func destination(_ record: Record, generated: OffsetDateTime?) -> BARTDestination? {
        guard let name = record.value("name") else { return nil }
        var trains = record.list("trains").compactMap { train($0, generated: generated) }
        if trains.isEmpty {
            // The legacy feed: minutes only, the first perhaps "Leaving".
            let minutes = ConnectionRecords.values(record, "minutes").compactMap { Int($0) }
            trains = minutes.map { BARTTrain(minutes: $0, leaving: $0 == 0, generated: generated) }
        }
        return BARTDestination(name: name, abbr: record.value("abbr"), trains: trains.sorted { $0.minutes < $1.minutes })
    }

    static func train(_ record: Record, generated: OffsetDateTime?) -> BARTTrain? {
        guard let minutes = record.value("minutes").flatMap({ Int($0) }) else { return nil }
        return BARTTrain(
            minutes: minutes, leaving: record.value("leaving") == "true", platform: record.value("platform"),
            direction: record.value("direction"), length: record.value("length").flatMap { Int($0) }, color: record.value("color"),
            hexcolor: record.value("hexcolor"), delay: record.value("delay").flatMap { Int($0) }, cancelled: record.value("cancelled") == "true",
            generated: generated)
    }
}
