import Model
import Scrape
import Kernel

/// Turns a board route's records (list `departures`, the fields of `hafas-extxml-stationboard`)
/// into journeys, times in Swiss local time with their offset.
enum BoardRecords {
    static func journeys(_ lists: [Record.Member], zone: ZoneRules) -> [BoardJourney] {
        ConnectionRecords.list("departures", in: lists).compactMap { record in
            guard let time = ConnectionRecords.time(record, "time", zone) else { return nil }
            let run = RealtimeRecords(zone: zone)
            let predicted = run.asserted(record, planned: time, prognosis: "prognosis", delay: "delay")
            let cancelled = record.value("cancelled") == "true"
            return BoardJourney(
                time: time, line: record.value("line"), category: record.value("category"), number: record.value("number"),
                vehicle: record.value("vehicle"), direction: record.value("direction"), origin: record.value("origin"), platform: record.value("platform"),
                operator: record.value("operator"), cancelled: cancelled, timePredicted: predicted,
                platformPredicted: record.value("platform_prognosis"), realtime: predicted != nil || cancelled ? .asserted : .scheduled,
                departureCancelled: record.value("departure_cancelled") == "true", arrivalCancelled: record.value("arrival_cancelled") == "true",
                alerts: RealtimeRecords.alerts(record, zone: zone))
        }
    }
}
