import Store

/// GTFS-Realtime trip updates for the runs of a timetable at an instant, in every state a feed
/// can put a run in, the same instant giving the same bytes.
///
/// Each run under way or leaving within the hour gets a state from a hash of its trip and day:
/// 13 in 20 of them a departure delay of 0 to 6 minutes at its next stop, as BART's
/// own feed gives (one stop time update per trip, `uncertainty` 30), which the service propagates
/// to its later stops; 2 in 20 absolute times at their next three stops; 1 in 20 cancelled; 1 in
/// 20 a skipped next stop, then 2 minutes late; 1 in 20 `NO_DATA` at its next stop; 2 in 20
/// nothing at all. A run with a 6-minute delay is followed, 7 minutes behind its timetable, by an
/// `ADDED` run the timetable lacks, on the same route and stops.
struct TripUpdateSimulator {
    let database: TransitDatabase
    /// The stops whose departures find the runs (every station of the network).
    let stops: [String]

    /// The feed at `instant` (Unix seconds).
    func feed(at instant: Int64) -> [UInt8] {
        var header = ProtobufWriter()
        header.string(1, "2.0")
        header.varint(2, 0)                                  // FULL_DATASET
        header.varint(3, instant)
        var feed = ProtobufWriter()
        feed.message(1, header)
        for run in runs(at: instant) {
            for entity in entities(run, at: instant) { feed.message(2, entity) }
        }
        return feed.bytes
    }

    /// One run: its trip, day and the instant its service day counts from.
    struct Run: Hashable {
        let tripID: String
        let serviceDate: String
        let routeID: String
        let reference: Int64
    }

    /// The runs leaving one of the stops within the hour, in trip order.
    func runs(at instant: Int64) -> [Run] {
        let departures = (try? database.departures(at: stops, from: instant, window: 3600, limit: 100_000)) ?? []
        var seen = Set<Run>()
        for departure in departures {
            seen.insert(Run(
                tripID: departure.tripID, serviceDate: departure.serviceDate, routeID: departure.routeID,
                reference: departure.departure - Int64(departure.scheduledTime.seconds)))
        }
        return seen.sorted { ($0.tripID, $0.serviceDate) < ($1.tripID, $1.serviceDate) }
    }

    /// The entities a run gives: none, its update, or its update and an added run behind it.
    func entities(_ run: Run, at instant: Int64) -> [ProtobufWriter] {
        guard let stopTimes = try? database.stopTimes(trip: run.tripID),
            let next = stopTimes.firstIndex(where: { ($0.departure ?? $0.arrival).map { run.reference + Int64($0) >= instant } ?? false })
        else { return [] }
        let hash = Self.hash(run.tripID + "|" + run.serviceDate)
        let bucket = hash % 20, step = Int64(hash / 20)
        var update = ProtobufWriter()
        update.message(1, descriptor(run.tripID, run, relationship: bucket == 0 ? 3 : nil))
        update.varint(4, instant - 15)
        let planned = { (index: Int) -> Int64 in run.reference + Int64(stopTimes[index].departure ?? stopTimes[index].arrival ?? 0) }
        switch bucket {
        case 0:
            break                                                       // CANCELED, no stops
        case 1:
            update.message(2, stopUpdate(stopTimes[next], relationship: 1))
            if next + 1 < stopTimes.count { update.message(2, stopUpdate(stopTimes[next + 1], delay: 120)) }
        case 2:
            update.message(2, stopUpdate(stopTimes[next], relationship: 2))
        case 3, 4:
            let delay = 60 * (step % 5)
            for index in next..<min(next + 3, stopTimes.count) { update.message(2, stopUpdate(stopTimes[index], time: planned(index) + delay)) }
        case 5, 6:
            return []
        default:
            let delay = 60 * (step % 7)
            update.message(2, stopUpdate(stopTimes[next], delay: delay, uncertainty: 30))
            guard delay == 360 else { break }
            return [entity(run.tripID + ":" + run.serviceDate, update), added(run, stopTimes, from: next, planned: planned, at: instant)]
        }
        return [entity(run.tripID + ":" + run.serviceDate, update)]
    }

    /// A run the timetable lacks, 7 minutes behind `run` from its next stop on.
    private func added(_ run: Run, _ stopTimes: [GTFSStopTime], from next: Int, planned: (Int) -> Int64, at instant: Int64) -> ProtobufWriter {
        let tripID = run.tripID + "-EXTRA"
        var update = ProtobufWriter()
        update.message(1, descriptor(tripID, run, relationship: 1))
        update.varint(4, instant - 15)
        for index in next..<stopTimes.count { update.message(2, stopUpdate(stopTimes[index], time: planned(index) + 420)) }
        return entity(tripID + ":" + run.serviceDate, update)
    }

    private func entity(_ id: String, _ update: ProtobufWriter) -> ProtobufWriter {
        var entity = ProtobufWriter()
        entity.string(1, id)
        entity.message(3, update)
        return entity
    }

    /// A TripDescriptor: trip_id, start_date, route_id, and a schedule relationship when it is not SCHEDULED.
    private func descriptor(_ tripID: String, _ run: Run, relationship: Int64?) -> ProtobufWriter {
        var trip = ProtobufWriter()
        trip.string(1, tripID)
        trip.string(3, run.serviceDate)
        if let relationship { trip.varint(4, relationship) }
        trip.string(5, run.routeID)
        return trip
    }

    /// A StopTimeUpdate with a departure event of a delay or a time, or a schedule relationship alone.
    private func stopUpdate(_ stop: GTFSStopTime, delay: Int64? = nil, time: Int64? = nil, uncertainty: Int64? = nil, relationship: Int64? = nil) -> ProtobufWriter {
        var update = ProtobufWriter()
        update.varint(1, Int64(stop.sequence))
        if delay != nil || time != nil {
            var event = ProtobufWriter()
            if let delay { event.varint(1, delay) }
            if let time { event.varint(2, time) }
            if let uncertainty { event.varint(3, uncertainty) }
            update.message(3, event)
        }
        update.string(4, stop.stopID)
        if let relationship { update.varint(5, relationship) }
        return update
    }

    /// FNV-1a, 64 bits: a stable hash of a run's name.
    static func hash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}
