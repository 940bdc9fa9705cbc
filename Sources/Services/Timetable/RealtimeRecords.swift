import Model
import Scrape
import Kernel

/// Reads the real-time fields every timetable route gives in the same names (see
/// `Routes/README.md`): a stop event's prognosis time or its delay in minutes, the prognosis
/// platform, stop-level cancellations, intermediate stops and alerts.
///
/// Along a run it keeps the last delay the upstream predicted, so that a later stop the upstream
/// says nothing about is `propagated` from it rather than shown as on time.
struct RealtimeRecords {
    /// The last predicted delay of the run in seconds, once the upstream predicted a stop event.
    private(set) var lastDelay: Int64?
    let zone: ZoneRules

    init(zone: ZoneRules) {
        self.zone = zone
    }

    /// The upstream's own prediction for a planned time: its prognosis `field`, or the planned
    /// time moved by `delayField` minutes; nil when it has neither.
    func asserted(_ record: Record, planned: OffsetDateTime?, prognosis field: String, delay delayField: String?) -> OffsetDateTime? {
        if let predicted = ConnectionRecords.time(record, field, zone) { return predicted }
        guard let planned, let delayField, let minutes = record.value(delayField).flatMap({ Int($0) }) else { return nil }
        return OffsetDateTime(instant: planned.instant + Int64(minutes) * 60, in: zone)
    }

    /// A stop event's predicted time and whose word it is: the upstream's, which becomes the run's
    /// last delay, or the last delay carried on to this planned time.
    mutating func event(planned: OffsetDateTime?, asserted: OffsetDateTime?) -> (predicted: OffsetDateTime?, state: RealtimeState?) {
        if let asserted {
            if let planned { lastDelay = asserted - planned }
            return (asserted, .asserted)
        }
        guard let planned, let lastDelay else { return (nil, nil) }
        return (OffsetDateTime(instant: planned.instant + lastDelay, in: zone), .propagated)
    }

    /// The stops of a section's `stops` list, each with its predictions, walked in order.
    mutating func stops(_ record: Record) -> [Stop] {
        record.list("stops").compactMap { stop in
            guard let name = stop.value("name") else { return nil }
            let arrival = ConnectionRecords.time(stop, "arrival", zone), departure = ConnectionRecords.time(stop, "departure", zone)
            let arriving = event(planned: arrival, asserted: asserted(stop, planned: arrival, prognosis: "arrival_prognosis", delay: "arrival_delay"))
            let leaving = event(
                planned: departure, asserted: asserted(stop, planned: departure, prognosis: "departure_prognosis", delay: "departure_delay"))
            let states = [arriving.state, leaving.state]
            let state: RealtimeState =
                states.contains(.asserted) ? .asserted : states.contains(.propagated) ? .propagated : .scheduled
            return Stop(
                id: stop.value("id"), name: name, arrival: arrival, departure: departure, platform: stop.value("platform"),
                arrivalPredicted: arriving.predicted, departurePredicted: leaving.predicted, platformPredicted: stop.value("platform_prognosis"),
                realtime: state, arrivalCancelled: stop.value("arrival_cancelled") == "true",
                departureCancelled: stop.value("departure_cancelled") == "true")
        }
    }

    /// The alerts of a record's `alerts` list, each once, those without any text left out.
    static func alerts(_ record: Record, zone: ZoneRules) -> [Alert] {
        var seen = Set<Alert>()
        return record.list("alerts").compactMap { alert in
            let value = Alert(
                id: alert.value("id"), header: alert.value("header"), description: alert.value("description"), cause: alert.value("cause"),
                effect: alert.value("effect"), severity: alert.value("severity"), from: ConnectionRecords.time(alert, "from", zone),
                until: ConnectionRecords.time(alert, "until", zone), url: alert.value("url"))
            guard value.hasText, seen.insert(value).inserted else { return nil }
            return value
        }
    }
}
