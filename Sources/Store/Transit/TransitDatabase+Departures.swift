public import Kernel

extension TransitDatabase {
    /// The longest window `departures` looks into, two days: enough for any board, and a bound
    /// on the work one call can ask for.
    public static let maximumWindow: Int64 = 2 * 86_400

    /// What every departure query reads after its own first columns, in order.
    private static let departureColumns = """
        t.id, t.service, st.sequence, st.stop, t.route, r.short_name, r.long_name, r.color, r.text_color,
        coalesce(st.headsign, t.headsign), s.platform_code
        """
    private static let departureJoins = """
        FROM stop_times AS st JOIN trips AS t ON t.row = st.trip
        LEFT JOIN routes AS r ON r.id = t.route LEFT JOIN stops AS s ON s.id = st.stop
        """
    /// No departure at a trip's last stop, nor where riders may not board (pickup_type 1).
    private static let boardable = "st.pickup_type != 1 AND st.sequence < t.last_sequence"

    /// Scheduled departures at `stopIDs` (a station's platforms included) from `from` (seconds
    /// since 1970 UTC) until before `from + window`, soonest first, then by trip; at most `limit`.
    ///
    /// Each service day that can reach the window is checked: the day before for times past
    /// 24:00 (more days back when the feed's times run longer), today, and tomorrow when the
    /// window crosses midnight. Trips of frequencies.txt run every headway from `start_time`
    /// until before `end_time`; `exact_times` is not told apart, as a board shows the same
    /// times either way. Untimed stops (no departure_time) are not offered.
    public func departures(
        at stopIDs: [String], from: Int64, window: Int64, limit: Int = 20
    ) throws(TransitDatabaseError) -> [ScheduledDeparture] {
        let window = min(max(window, 0), Self.maximumWindow)
        guard limit > 0, window > 0, !stopIDs.isEmpty else { return [] }
        let end = from + window
        let zone = timeZone
        let lookBack = (latestDeparture + 86_399) / 86_400
        // Service days may start up to an hour before local midnight (noon minus 12 h on a
        // spring-forward day), so one more day either side is checked and found empty.
        let first = ServiceDay.localDays(atUTC: from, in: zone) - lookBack - 1
        let last = ServiceDay.localDays(atUTC: end, in: zone) + 1
        let latest = latestDeparture
        var departures = try withConnection { connection throws(SQLiteFailure) in
            let stops = try Self.withPlatforms(stopIDs, connection)
            var found: [ScheduledDeparture] = []
            for days in first...last {
                let reference = ServiceDay.reference(days: days, in: zone)
                let lower = max(from - reference, 0), upper = min(end - reference, latest + 1)
                guard lower < upper, let date = ServiceDay.date(days: days) else { continue }
                let services = try Self.services(on: date, connection)
                guard !services.isEmpty else { continue }
                let day = Day(date: date.compact, reference: reference, services: services, range: lower..<upper)
                for stop in stops {
                    try Self.scheduled(at: stop, on: day, connection, into: &found)
                    try Self.frequencyRuns(at: stop, on: day, connection, into: &found)
                }
            }
            return found
        }
        departures.sort { ($0.departure, $0.tripID, $0.stopID) < ($1.departure, $1.tripID, $1.stopID) }
        return Array(departures.prefix(limit))
    }

    /// One service day as a query sees it: its date, its reference instant, what runs, and the
    /// window in seconds after the reference.
    private struct Day {
        let date: String
        let reference: Int64
        let services: Set<String>
        let range: Range<Int64>
    }

    /// `stopIDs` and, after each station among them, its platforms.
    private static func withPlatforms(_ stopIDs: [String], _ connection: Connection) throws(SQLiteFailure) -> [String] {
        var stops: [String] = []
        var seen = Set<String>()
        let children = try connection.statement("SELECT id FROM stops WHERE parent_station = ?1 ORDER BY id")
        for id in stopIDs where seen.insert(id).inserted {
            stops.append(id)
            try children.run([.text(id)]) { row in
                let child = row.text(0)
                if seen.insert(child).inserted { stops.append(child) }
            }
        }
        return stops
    }

    private static func scheduled(
        at stop: String, on day: Day, _ connection: Connection, into found: inout [ScheduledDeparture]
    ) throws(SQLiteFailure) {
        try connection.statement("""
            SELECT st.departure, \(departureColumns) \(departureJoins)
            WHERE st.stop = ?1 AND st.departure >= ?2 AND st.departure < ?3 AND \(boardable) AND t.frequency_based = 0
            """).run([.text(stop), .integer(day.range.lowerBound), .integer(day.range.upperBound)]) { row in
            guard day.services.contains(row.text(2)) else { return }
            let seconds = row.integer(0)
            found.append(departure(row, first: 1, day: day, seconds: seconds, runStart: nil))
        }
    }

    /// The runs of frequency-based trips at `stop` within the day's window: a run starting at
    /// `start + k × headway` (before `end_time`) passes the stop its offset in the template later.
    private static func frequencyRuns(
        at stop: String, on day: Day, _ connection: Connection, into found: inout [ScheduledDeparture]
    ) throws(SQLiteFailure) {
        try connection.statement("""
            SELECT st.departure - t.first_departure, f.start_time, f.end_time, f.headway_secs, \(departureColumns)
            \(departureJoins) JOIN frequencies AS f ON f.trip = t.row
            WHERE st.stop = ?1 AND \(boardable) AND t.frequency_based = 1 AND st.departure IS NOT NULL
            """).run([.text(stop)]) { row in
            guard day.services.contains(row.text(5)) else { return }
            let offset = row.integer(0), start = row.integer(1), end = row.integer(2), headway = max(row.integer(3), 1)
            // The first run whose departure here is inside the window.
            let skipped = max(0, (day.range.lowerBound - offset - start + headway - 1) / headway)
            var runStart = start + skipped * headway
            while runStart < end, runStart + offset < day.range.upperBound {
                found.append(departure(row, first: 4, day: day, seconds: runStart + offset, runStart: runStart))
                runStart += headway
            }
        }
    }

    /// The departure in a row whose `departureColumns` start at column `first`.
    private static func departure(
        _ row: borrowing Row, first: Int32, day: Day, seconds: Int64, runStart: Int64?
    ) -> ScheduledDeparture {
        ScheduledDeparture(
            tripID: row.text(first), serviceDate: day.date, stopSequence: Int(row.integer(first + 2)),
            stopID: row.text(first + 3), departure: day.reference + seconds, scheduledTime: GTFSTime(seconds: Int(seconds)),
            runStart: runStart.map { GTFSTime(seconds: Int($0)) }, routeID: row.text(first + 4),
            routeName: row.optionalText(first + 5) ?? row.optionalText(first + 6), routeColor: row.optionalText(first + 7),
            routeTextColor: row.optionalText(first + 8), headsign: row.optionalText(first + 9),
            platform: row.optionalText(first + 10))
    }

    /// A trip's stops in order with their scheduled times; empty for a trip the feed lacks.
    /// For a frequency-based trip the times are its template's, from its first run.
    public func stopTimes(trip: String) throws(TransitDatabaseError) -> [GTFSStopTime] {
        try withConnection { connection throws(SQLiteFailure) in
            var times: [GTFSStopTime] = []
            try connection.statement("""
                SELECT st.sequence, st.stop, st.arrival, st.departure FROM stop_times AS st JOIN trips AS t ON t.row = st.trip
                WHERE t.id = ?1 ORDER BY st.sequence
                """).run([.text(trip)]) { row in
                times.append(GTFSStopTime(
                    sequence: Int(row.integer(0)), stopID: row.text(1), arrival: row.optionalInteger(2).map(Int.init),
                    departure: row.optionalInteger(3).map(Int.init)))
            }
            return times
        }
    }
}
