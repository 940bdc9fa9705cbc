import Model
import Store

/// How a trip update changes one scheduled departure, by the GTFS-Realtime reference's rules:
///
/// - a cancelled (or deleted) run is `cancelled`, its time the timetable's, `asserted`;
/// - a stop time update for this stop: `SKIPPED` is a skipped stop (`departure_cancelled`),
///   `NO_DATA` is `scheduled`; otherwise the departure's absolute `time` wins over its `delay`,
///   and without a departure event the arrival's delay (or time less the timetable's arrival)
///   holds for the departure too: `asserted`;
/// - no update for this stop: the delay of the nearest earlier update (not a skipped stop)
///   propagates to it, `propagated`, unless that update is `NO_DATA` (which stops propagation);
///   with no earlier update, the trip's own delay when it has one (`propagated`), else `scheduled`;
/// - a run without an update is `scheduled`.
///
/// Stop time updates are matched to the run's stops by `stop_sequence`, or by `stop_id` (the first
/// stop with that id after the previous match, so that a loop's second visit is found) when the
/// feed gives no sequence (NYCT, FGC).
enum RealtimeJoin {
    /// What the feed makes of one departure.
    struct Outcome: Sendable, Equatable {
        var predicted: Int64?
        var realtime: RealtimeState
        var cancelled = false
        var departureCancelled = false
    }

    /// The outcome for the departure at `index` of `stops` (the run's timetable), leaving at
    /// `planned` (Unix seconds); `reference` is the service day's noon less 12 hours.
    static func outcome(update: TripUpdates.Trip?, stops: [GTFSStopTime], index: Int, planned: Int64, reference: Int64) -> Outcome {
        guard let update else { return Outcome(realtime: .scheduled) }
        if update.isCancelled { return Outcome(realtime: .asserted, cancelled: true) }
        let matched = match(update.stops, to: stops)
        if let own = matched.last(where: { $0.position == index }) {
            switch own.update.relationship {
            case .skipped: return Outcome(realtime: .asserted, departureCancelled: true)
            case .noData: return Outcome(realtime: .scheduled)
            case .scheduled, .unscheduled:
                if let delay = delay(own.update, at: stops[index], reference: reference) {
                    if let time = own.update.departure.time { return Outcome(predicted: time, realtime: .asserted) }
                    return Outcome(predicted: planned + Int64(delay), realtime: .asserted)
                }
                // An update that predicts nothing here: as if there were none.
            }
        }
        for earlier in matched.reversed() where earlier.position < index {
            switch earlier.update.relationship {
            case .skipped: continue
            case .noData: return Outcome(realtime: .scheduled)
            case .scheduled, .unscheduled:
                guard let delay = delay(earlier.update, at: stops[earlier.position], reference: reference) else { continue }
                return Outcome(predicted: planned + Int64(delay), realtime: .propagated)
            }
        }
        if let delay = update.delay { return Outcome(predicted: planned + Int64(delay), realtime: .propagated) }
        return Outcome(realtime: .scheduled)
    }

    /// The delay an update gives at its stop, in seconds: the departure's, else the arrival's;
    /// an absolute time less the timetable's (an untimed stop's absolute time gives none).
    static func delay(_ update: TripUpdates.Stop, at stop: GTFSStopTime, reference: Int64) -> Int? {
        if let time = update.departure.time, let planned = stop.departure ?? stop.arrival { return Int(time - (reference + Int64(planned))) }
        if let delay = update.departure.delay { return delay }
        if let time = update.arrival.time, let planned = stop.arrival ?? stop.departure { return Int(time - (reference + Int64(planned))) }
        return update.arrival.delay
    }

    /// Each update with the position of its stop in the run, in the run's order; updates that
    /// match no stop are dropped.
    static func match(_ updates: [TripUpdates.Stop], to stops: [GTFSStopTime]) -> [(position: Int, update: TripUpdates.Stop)] {
        var matched: [(position: Int, update: TripUpdates.Stop)] = []
        var next = 0
        for update in updates {
            let position: Int?
            if let sequence = update.sequence {
                position = stops.firstIndex { $0.sequence == sequence }
            } else if let stopID = update.stopID {
                position = stops[min(next, stops.count)...].firstIndex { $0.stopID == stopID } ?? stops.firstIndex { $0.stopID == stopID }
            } else {
                position = nil
            }
            guard let position else { continue }
            matched.append((position, update))
            next = position + 1
        }
        return matched.sorted { $0.position < $1.position }
    }
}
