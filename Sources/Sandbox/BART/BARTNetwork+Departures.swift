import Model

extension BARTNetwork {
    /// One train's trip along a route, from its first station.
    struct Run: Sendable, Hashable {
        /// The route's index in ``BARTNetwork/routes``.
        let route: Int
        /// `YELLOW-S 20260512 0608`: the route, the service day and the local time it starts.
        let id: String
        /// The departure from the first station, seconds since 1970.
        let start: Int64
    }

    /// The next trains at a station, at most three per destination within ``horizon``, by
    /// destination; empty for an unknown station, at night, and while the station's predictions
    /// are down (see ``board(at:instant:)``).
    public func departures(at abbr: String, instant: Int64) -> [BARTETD] {
        board(at: abbr, instant: instant)?.etds ?? []
    }

    /// What the feed says of a station at an instant; nil for an unknown abbreviation.
    public func board(at abbr: String, instant: Int64) -> BARTBoard? {
        guard let station = station(abbr) else { return nil }
        return board(station, instant: instant, runs: runs(near: instant))
    }

    /// The boards `orig=ALL` lists: every served station with departures or an error, in the
    /// feed's order.
    public func boards(instant: Int64) -> [BARTBoard] {
        let runs = runs(near: instant)
        return served.compactMap { abbr in
            guard let station = byAbbr[abbr] else { return nil }
            let board = board(station, instant: instant, runs: runs)
            return board.etds.isEmpty && board.error == nil ? nil : board
        }
    }

    func board(_ station: BARTStation, instant: Int64, runs: [[Run]]) -> BARTBoard {
        if let outage = outage(hourOf: instant), outage.station == station.abbr, outage.covers(instant) {
            return BARTBoard(station: station, etds: [], error: "Updates are temporarily unavailable.")
        }
        var byDestination: [String: [BARTEstimate]] = [:]
        for stop in stops[station.abbr] ?? [] {
            let route = routes[stop.route]
            for run in runs[stop.route] {
                let scheduled = run.start + Int64(route.offsets[stop.index])
                let delay = delay(of: run, at: stop.index)
                let departure = scheduled + Int64(delay)
                guard departure >= instant, departure - instant < horizon else { continue }
                byDestination[route.destination, default: []].append(BARTEstimate(
                    run: run.id, line: route.line, direction: route.direction, platform: route.platforms[stop.index],
                    length: length(of: run), scheduled: scheduled, delay: delay, minutes: Int((departure - instant) / 60)))
            }
        }
        let etds = byDestination.map { destination, estimates in
            let name = routes.first { $0.destination == destination }?.destinationName ?? destination
            let soonest = estimates.sorted { ($0.departure, $0.run) < ($1.departure, $1.run) }.prefix(trainsPerDestination)
            return BARTETD(destination: name, abbreviation: destination, estimates: Array(soonest))
        }
        return BARTBoard(station: station, etds: etds.sorted { ($0.destination, $0.abbreviation) < ($1.destination, $1.abbreviation) }, error: nil)
    }

    /// Every route's runs that may leave some station within the horizon after `instant`, delays
    /// included.
    func runs(near instant: Int64) -> [[Run]] {
        let earliest = instant - Int64(longestRun + Self.longestDelay)
        let latest = instant + horizon
        let today = clock.moment(instant).local.date
        let days = [today.adding(days: -1), today, today.adding(days: 1)]
        return routes.indices.map { number in
            var runs: [Run] = []
            for date in days {
                let day = clock.day(date)
                for time in schedule.departures(on: date, stagger: staggers[number]) {
                    guard let start = day.instant(afterMidnight: time), start >= earliest, start <= latest else { continue }
                    let id = routes[number].id + " " + date.compact + " " + padded(time / 3600, 2) + padded(time / 60 % 60, 2)
                    runs.append(Run(route: number, id: id, start: start))
                }
            }
            return runs
        }
    }
}
