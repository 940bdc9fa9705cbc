import Model
import Scrape
import Kernel

/// Turns a connections route's records into links: the normalized fields every timetable route
/// gives (see `Routes/README.md`), with delays worked out from the prognosis times and every time
/// in Swiss local time with its offset, whatever zone the upstream wrote it in.
enum ConnectionRecords {
    static func links(_ lists: [Record.Member], zone: ZoneRules) -> [Link] {
        list("connections", in: lists).compactMap { link($0, zone: zone) }
    }

    /// The records of the list called `name`.
    /// The attribution a route's answer carries: its `page` record's `credit`.
    static func credit(_ lists: [Record.Member]) -> String? {
        list("page", in: lists).first?.value("credit")
    }

    static func list(_ name: String, in lists: [Record.Member]) -> [Record] {
        for member in lists {
            if case .list(let listName, let records) = member, listName == name { return records }
        }
        return []
    }

    static func link(_ record: Record, zone: ZoneRules) -> Link? {
        guard let departure = time(record, "departure", zone), let arrival = time(record, "arrival", zone) else { return nil }
        return Link(
            departure: departure, arrival: arrival, info: record.value("info") ?? "",
            duration: record.value("duration"), transfers: record.value("transfers").flatMap { Int($0) },
            products: values(record, "products"), parts: record.list("parts").compactMap { part($0, zone: zone) },
            capacity1st: occupancy(record, "capacity1st"), capacity2nd: occupancy(record, "capacity2nd"),
            alerts: RealtimeRecords.alerts(record, zone: zone))
    }

    /// An occupancy level, 0 to 3; anything else (search.ch writes -1 for unknown) is left out.
    static func occupancy(_ record: Record, _ field: String) -> Int? {
        record.value(field).flatMap { Int($0) }.flatMap { (0...3).contains($0) ? $0 : nil }
    }

    /// A section: a walk, or a ride with its predictions walked from its departure over its
    /// stops to its arrival.
    static func part(_ record: Record, zone: ZoneRules) -> Part? {
        guard let departure = time(record, "departure", zone), let arrival = time(record, "arrival", zone) else { return nil }
        let vehicle = record.value("vehicle") ?? "Other"
        var part = Part(
            departure: departure, arrival: arrival, trackfrom: record.value("trackfrom") ?? "", trackto: record.value("trackto") ?? "",
            vehicle: vehicle, from: record.value("from"), to: record.value("to"), line: record.value("line"),
            direction: record.value("direction"), cancelled: record.value("cancelled") == "true",
            duration: vehicle == "Walk" ? record.value("walk_duration") : nil)
        guard vehicle != "Walk" else { return part }
        var run = RealtimeRecords(zone: zone)
        let leaving = run.asserted(record, planned: departure, prognosis: "departure_prognosis", delay: "delay")
        part.departurePredicted = run.event(planned: departure, asserted: leaving).predicted
        part.stops = run.stops(record)
        let arriving = run.asserted(record, planned: arrival, prognosis: "arrival_prognosis", delay: "arrival_delay")
        part.arrivalPredicted = run.event(planned: arrival, asserted: arriving).predicted
        part.realtime = leaving != nil || arriving != nil || part.cancelled ? .asserted : .scheduled
        part.trackfromPredicted = record.value("trackfrom_prognosis")
        part.tracktoPredicted = record.value("trackto_prognosis")
        part.departureCancelled = record.value("departure_cancelled") == "true"
        part.arrivalCancelled = record.value("arrival_cancelled") == "true"
        part.alerts = RealtimeRecords.alerts(record, zone: zone)
        return part
    }

    /// A time field in Swiss local time with its offset.
    static func time(_ record: Record, _ field: String, _ zone: ZoneRules) -> OffsetDateTime? {
        record.time(field, in: zone)?.converted(to: zone)
    }

    /// Every value of a field that holds a list of values.
    static func values(_ record: Record, _ field: String) -> [String] {
        record.texts(field)
    }
}
