import Model
import Scrape

/// Turns a connections route's records into links: the normalized fields every timetable route
/// gives (see `Routes/README.md`), with delays worked out from the prognosis times.
enum ConnectionRecords {
    static func links(_ lists: [Record.Member]) -> [Link] {
        guard let connections = lists.first(where: { if case .list("connections", _) = $0 { true } else { false } }),
            case .list(_, let records) = connections
        else { return [] }
        return records.compactMap(link)
    }

    static func link(_ record: Record) -> Link? {
        guard let departure = record.value("departure"), let arrival = record.value("arrival") else { return nil }
        return Link(
            departure: departure, arrival: arrival, info: record.value("info") ?? "",
            duration: record.value("duration"), transfers: record.value("transfers").flatMap { Int($0) },
            products: values(record, "products"), parts: record.list("parts").compactMap(part))
    }

    static func part(_ record: Record) -> Part? {
        guard let departure = record.value("departure"), let arrival = record.value("arrival") else { return nil }
        let vehicle = record.value("vehicle") ?? "Other"
        var delay: Int?
        if let prognosis = record.value("departure_prognosis"), let seconds = ZonedTime.seconds(from: departure, to: prognosis) {
            delay = Int(seconds / 60)
        } else if let minutes = record.value("delay").flatMap({ Int($0) }) {
            delay = minutes
        }
        return Part(
            departure: departure, arrival: arrival, trackfrom: record.value("trackfrom") ?? "", trackto: record.value("trackto") ?? "",
            vehicle: vehicle, from: record.value("from"), to: record.value("to"), line: record.value("line"),
            direction: record.value("direction"), delay: delay, cancelled: record.value("cancelled") == "true",
            duration: vehicle == "Walk" ? record.value("walk_duration") : nil)
    }

    /// Every value of a field that holds a list of values.
    static func values(_ record: Record, _ field: String) -> [String] {
        for member in record.members {
            if case .field(let name, let values, _) = member, name == field { return values }
        }
        return []
    }
}
