public import Kernel
public import Model
import Store
public import Upstream

extension TransitService {
    /// Why a request for departures could not be answered.
    public enum Failure: Error, Sendable {
        /// No agency has that name.
        case unknownAgency(String)
        /// The agency has no stop of that id; stops whose name is like it.
        case unknownStop(String, suggestions: [TransitStop])
        /// The agency's timetable is not in service yet (or its import failed), with why.
        case noTimetable(String)
    }

    /// The next departures at a stop or station (all its platforms, and stops of the same name
    /// at the same place), from `from` (Unix seconds) for `window` seconds, at most `limit`,
    /// joined with the agency's trip updates and alerts.
    public func departures(agency name: String, stop stopID: String, from: Int64, window: Int64, limit: Int) async throws(Failure) -> TransitDepartures {
        guard let agency = agency(name) else { throw .unknownAgency(name) }
        let database = try timetable(agency)
        let found = try stop(stopID, agency: agency, in: database)
        return board(agency, database, found, realtime: await feeds(agency), from: from, window: window, limit: limit)
    }

    /// The same departures without waiting: nil while a real-time feed the agency has is still
    /// awaited for the first time (the async call waits for it), so that an answer kept for this
    /// second can be made on the caller's thread.
    public func departuresNow(agency name: String, stop stopID: String, from: Int64, window: Int64, limit: Int) throws(Failure) -> TransitDepartures? {
        guard let agency = agency(name) else { throw .unknownAgency(name) }
        guard let realtime = currentFeeds(agency) else { return nil }
        let database = try timetable(agency)
        let found = try stop(stopID, agency: agency, in: database)
        return board(agency, database, found, realtime: realtime, from: from, window: window, limit: limit)
    }

    /// A number that changes whenever a feed or a timetable of any agency is put in service, read
    /// without a lock: an answer made from them holds while it is the same. (A sum of counters
    /// that only grow.)
    public var stamp: Int {
        agencies.reduce(0) { $0 &+ ($1.tripUpdates?.version ?? 0) &+ ($1.alerts?.version ?? 0) &+ $1.timetable.installed }
    }

    /// The feeds in service without waiting, refreshing a stale one in the background; nil while
    /// a configured feed has none yet.
    func currentFeeds(_ agency: Agency) -> RealtimeFeeds? {
        var feeds = RealtimeFeeds()
        if let tripUpdates = agency.tripUpdates {
            guard let snapshot = tripUpdates.current() else { return nil }
            feeds.tripUpdates = snapshot
        }
        if let alerts = agency.alerts {
            guard let snapshot = alerts.current() else { return nil }
            feeds.alerts = snapshot
        }
        return feeds
    }

    /// The stop `stopID` of the agency, or why not.
    private func stop(_ stopID: String, agency: Agency, in database: TransitDatabase) throws(Failure) -> GTFSStop {
        guard let found = stopIndex(agency, database).stop(stopID) ?? (try? database.stop(id: stopID)) ?? nil else {
            throw .unknownStop(stopID, suggestions: ((try? database.stops(matching: stopID, limit: 5)) ?? []).map { Self.stop($0, agency: agency.name) })
        }
        return found
    }

    private func board(
        _ agency: Agency, _ database: TransitDatabase, _ found: GTFSStop, realtime: RealtimeFeeds, from: Int64, window: Int64, limit: Int
    ) -> TransitDepartures {
        let station = self.station(of: found, agency: agency, in: database)
        let departures = join(agency, database, station: station, realtime: realtime, from: from, window: window, limit: limit)
        return TransitDepartures(
            stop: Self.stop(found, agency: agency.name), feed: realtime.stamp(now: upstreams.now(), zone: database.timeZone),
            alerts: stationAlerts(realtime, station: station, zone: database.timeZone), departures: departures)
    }

    /// The alerts in force about a station as a whole (its stops, or the whole agency).
    func stationAlerts(_ realtime: RealtimeFeeds, station: [String], zone: ZoneRules) -> [Alert] {
        let now = self.now
        return (realtime.alerts?.index.active(at: now) ?? []).filter { $0.concernsStation(agencyID: nil, stopIDs: station) }.map {
            $0.alert(language: language, at: now, zone: zone)
        }
    }

    /// The agency's timetable in service.
    func timetable(_ agency: Agency) throws(Failure) -> TransitDatabase {
        guard let database = agency.timetable.database else {
            let state = agency.timetable.state
            throw .noTimetable(state.failure ?? "The timetable of \(agency.name) is being imported.")
        }
        return database
    }

    /// The real-time feeds in service (waiting only for the very first of each); a feed that
    /// fails is left out, and its runs are `scheduled`.
    func feeds(_ agency: Agency) async -> RealtimeFeeds {
        var feeds = RealtimeFeeds()
        if let tripUpdates = agency.tripUpdates { feeds.tripUpdates = try? await tripUpdates.snapshot() }
        if let alerts = agency.alerts { feeds.alerts = try? await alerts.snapshot() }
        return feeds
    }

    /// The stop's ids as a station: itself, and the stops of the same name within 50 m that
    /// are not platforms of another station (BART's `19TH` and `19TH_N`); a platform stands for
    /// itself alone.
    func station(of stop: GTFSStop, agency: Agency, in database: TransitDatabase) -> [String] {
        stopIndex(agency, database).station(of: stop)
    }

    /// The departures of `station` joined with the feeds: the timetable's from half an hour
    /// before `from` (a late run may still be to come), kept when they leave (by prediction, or
    /// by the timetable when cancelled or without one) within the window, then the runs the feed
    /// adds, soonest first.
    func join(
        _ agency: Agency, _ database: TransitDatabase, station: [String], realtime: RealtimeFeeds, from: Int64, window: Int64, limit: Int
    ) -> [TransitDeparture] {
        let key = BoardCache.Key(agency: agency.name, station: station, from: from, window: window, limit: limit)
        let versions = (realtime.tripUpdates?.version ?? 0, realtime.alerts?.version ?? 0)
        return boards.board(key, second: now, versions: versions) {
            joinAfresh(agency, database, station: station, realtime: realtime, from: from, window: window, limit: limit)
        }
    }

    private func joinAfresh(
        _ agency: Agency, _ database: TransitDatabase, station: [String], realtime: RealtimeFeeds, from: Int64, window: Int64, limit: Int
    ) -> [TransitDeparture] {
        let lookBack: Int64 = 1800
        let scheduled = (try? database.departures(at: station, from: from - lookBack, window: window + lookBack, limit: limit * 4 + 40)) ?? []
        let zone = database.timeZone
        let now = self.now
        let active = realtime.alerts?.index.active(at: now) ?? []
        var stopTimes: [String: [GTFSStopTime]] = [:]
        var joined: [(at: Int64, departure: TransitDeparture)] = []
        for planned in scheduled {
            let serviceDate = Self.isoDate(planned.serviceDate)
            let update = realtime.tripUpdates?.index.update(tripID: planned.tripID, serviceDate: serviceDate, instant: planned.departure, now: now)
            var outcome = RealtimeJoin.Outcome(realtime: .scheduled)
            if let update {
                if stopTimes[planned.tripID] == nil { stopTimes[planned.tripID] = (try? database.stopTimes(trip: planned.tripID)) ?? [] }
                let stops = stopTimes[planned.tripID] ?? []
                if let index = stops.firstIndex(where: { $0.sequence == planned.stopSequence }) {
                    let reference = planned.departure - Int64(planned.scheduledTime.seconds)
                    outcome = RealtimeJoin.outcome(update: update, stops: stops, index: index, planned: planned.departure, reference: reference)
                }
            }
            let at = outcome.predicted ?? planned.departure
            guard at >= from, at < from + window, let time = OffsetDateTime(checking: planned.departure, in: zone) else { continue }
            let alerts = active.filter {
                !$0.concernsStation(agencyID: nil, stopIDs: station) && $0.concerns(agencyID: nil, routeID: planned.routeID, tripID: planned.tripID, stopIDs: station)
            }
            joined.append((at, TransitDeparture(
                tripID: planned.tripID, serviceDate: serviceDate, routeID: planned.routeID, route: planned.routeName, color: planned.routeColor,
                textColor: planned.routeTextColor, headsign: planned.headsign, stopID: planned.stopID, platform: planned.platform, time: time,
                timePredicted: outcome.predicted.flatMap { OffsetDateTime(checking: $0, in: zone) }, realtime: outcome.realtime,
                cancelled: outcome.cancelled, departureCancelled: outcome.departureCancelled,
                alerts: alerts.map { $0.alert(language: language, at: now, zone: zone) })))
        }
        joined += added(realtime, station: station, database: database, from: from, window: window, now: now, active: active)
        joined.sort { ($0.at, $0.departure.tripID) < ($1.at, $1.departure.tripID) }
        return Array(joined.prefix(limit).map(\.departure))
    }

    /// The runs the feed adds that leave one of `station`'s stops within the window, at the
    /// time the feed gives (an added run has no timetable).
    private func added(
        _ realtime: RealtimeFeeds, station: [String], database: TransitDatabase, from: Int64, window: Int64, now: Int64,
        active: [ServiceAlerts.Entry]
    ) -> [(at: Int64, departure: TransitDeparture)] {
        guard let feed = realtime.tripUpdates?.index else { return [] }
        let zone = database.timeZone
        var found: [(at: Int64, departure: TransitDeparture)] = []
        for trip in feed.added {
            // Its last stop is where it ends, not a departure.
            for stop in trip.stops.dropLast() where stop.relationship != .skipped {
                guard let stopID = stop.stopID, station.contains(stopID), let at = stop.departure.time ?? stop.arrival.time,
                    at >= from, at < from + window, let time = OffsetDateTime(checking: at, in: zone)
                else { continue }
                let routeID = trip.routeID ?? ""
                let look = (try? database.route(id: routeID)) ?? nil
                let alerts = active.filter {
                    !$0.concernsStation(agencyID: nil, stopIDs: station) && $0.concerns(agencyID: nil, routeID: routeID, tripID: trip.tripID, stopIDs: station)
                }
                found.append((at, TransitDeparture(
                    tripID: trip.tripID, serviceDate: trip.startDate ?? "", routeID: routeID, route: look?.name, color: look?.color,
                    textColor: look?.textColor, stopID: stopID, time: time, timePredicted: time, realtime: .asserted, added: true,
                    alerts: alerts.map { $0.alert(language: language, at: now, zone: zone) })))
            }
        }
        return found
    }

    /// `YYYYMMDD` as `YYYY-MM-DD`.
    static func isoDate(_ compact: String) -> String {
        guard compact.utf8.count == 8 else { return compact }
        let digits = Array(compact)
        return String(digits[0..<4]) + "-" + String(digits[4..<6]) + "-" + String(digits[6..<8])
    }

    /// A stop of the database as a client sees it.
    static func stop(_ stop: GTFSStop, agency: String) -> TransitStop {
        TransitStop(
            agency: agency, id: stop.id, name: stop.name, latitude: stop.latitude ?? 0, longitude: stop.longitude ?? 0,
            platform: stop.platformCode, parent: stop.parentStation)
    }
}

/// The real-time feeds of one agency in service for one request.
struct RealtimeFeeds {
    var tripUpdates: SharedFeed<TripUpdates>.Snapshot?
    var alerts: SharedFeed<ServiceAlerts>.Snapshot?

    /// The trip updates' timestamp and age, when there are trip updates.
    func stamp(now: Int64, zone: ZoneRules) -> FeedStamp? {
        tripUpdates.map { snapshot in
            FeedStamp(generated: snapshot.index.generated.flatMap { OffsetDateTime(checking: $0, in: zone) }, age: snapshot.age(now: now))
        }
    }
}
