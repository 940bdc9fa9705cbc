public import Model

extension TimetableModel {
    /// The next departures from a station at or after `time`, in order of time (then line).
    public func departures(at station: Station, from time: LocalDateTime, limit: Int = 20) throws(TimetableError) -> [BoardEntry] {
        try board(at: station, from: time, limit: limit, departing: true)
    }

    /// The next arrivals at a station at or after `time`, in order of time (then line).
    public func arrivals(at station: Station, from time: LocalDateTime, limit: Int = 20) throws(TimetableError) -> [BoardEntry] {
        try board(at: station, from: time, limit: limit, departing: false)
    }

    private func board(at station: Station, from time: LocalDateTime, limit: Int, departing: Bool) throws(TimetableError) -> [BoardEntry] {
        let index = try index(of: station)
        let instant = clock.instant(of: time)
        guard limit > 0 else { return [] }
        var events: [(instant: Int64, run: Run, position: Int)] = []
        for stop in network.lines(at: index) {
            let line = network.lines[stop.line]
            // A line's last stop has no departure, its first no arrival.
            guard departing ? stop.position < line.stops.count - 1 : stop.position > 0 else { continue }
            // A run reaches a stop no later than it leaves it, so the runs leaving at or after the
            // instant include every run arriving then; one more covers a run that arrived before.
            for run in runs(of: line, departingFrom: stop.position, atOrAfter: instant, count: limit + 1) {
                let at = departing ? run.departure(at: stop.position) : run.arrival(at: stop.position)
                if at >= instant { events.append((at, run, stop.position)) }
            }
        }
        events.sort { a, b in
            if a.instant != b.instant { return a.instant < b.instant }
            let nameA = a.run.line.category.rawValue + " " + a.run.line.number, nameB = b.run.line.category.rawValue + " " + b.run.line.number
            return nameA != nameB ? nameA < nameB : a.run.number < b.run.number
        }
        return events.prefix(limit).map { event in
            let run = event.run, position = event.position
            let last = run.line.stops.count - 1
            let realtime = realtime(of: run)
            return BoardEntry(
                stop: stopTime(run, at: position, departing: departing, realtime: realtime),
                ride: ride(run, from: departing ? position : 0, to: departing ? last : position, realtime: realtime))
        }
    }
}
