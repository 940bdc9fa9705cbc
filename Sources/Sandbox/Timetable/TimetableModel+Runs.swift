/// One run of a line on a service day.
struct Run: Sendable {
    let line: Line
    /// The day whose timetable it belongs to (a run after midnight belongs to the day before).
    let serviceDay: CalendarDate
    /// Its place among the day's runs of the line.
    let index: Int
    /// The instant it leaves its first stop.
    let start: Int64

    /// Its number: a train number for trains, a trip number for the rest.
    var number: Int { line.numberBase + 2 * index + (line.isReturn ? 1 : 0) }

    func arrival(at position: Int) -> Int64 { start + Int64(line.arrivals[position]) * 60 }
    func departure(at position: Int) -> Int64 { start + Int64(line.departure(at: position)) * 60 }
}

extension TimetableModel {
    /// The day's service starts at 05:00; runs until 05:00 the next morning belong to it.
    static let serviceStart = 5 * 3600

    /// The runs of a line on a service day, in order; readings that fall into the spring-forward
    /// gap have no run.
    func runs(of line: Line, on day: CalendarDate) -> [Run] {
        let dayClock = clock.day(day)
        // Night service runs in the nights to Saturday and to Sunday, the nights the clocks change.
        let minutes = line.startMinutes(nightService: day.adding(days: 1).weekday >= 6)
        var runs: [Run] = []
        runs.reserveCapacity(minutes.count)
        for (index, minute) in minutes.enumerated() {
            if let start = dayClock.instant(afterMidnight: Self.serviceStart + minute * 60) {
                runs.append(Run(line: line, serviceDay: day, index: index, start: start))
            }
        }
        return runs
    }

    /// Up to `count` runs leaving `position` at or after `instant`, in order.
    func runs(of line: Line, departingFrom position: Int, atOrAfter instant: Int64, count: Int) -> [Run] {
        var found: [Run] = []
        let today = clock.moment(instant).local.date
        // A long run of yesterday's service can still be on its way; a weekday night has no
        // service, so the next run may be a day away.
        for offset in -1...3 where found.count < count {
            for run in runs(of: line, on: today.adding(days: offset)) where run.departure(at: position) >= instant {
                found.append(run)
                if found.count == count { break }
            }
        }
        return found
    }

    /// The last run reaching `position` at or before `instant`.
    func lastRun(of line: Line, arrivingAt position: Int, atOrBefore instant: Int64) -> Run? {
        let today = clock.moment(instant).local.date
        for offset in stride(from: 1, through: -3, by: -1) {
            if let run = runs(of: line, on: today.adding(days: offset)).last(where: { $0.arrival(at: position) <= instant }) {
                return run
            }
        }
        return nil
    }

    /// Whether a run is the day's cancelled one: on the chosen line (Bern → Zürich HB), the first
    /// run leaving after 08:00.
    func isCancelled(_ run: Run) -> Bool {
        guard let cancelled = network.cancelledLine, network.lines[cancelled].key == run.line.key,
              network.lines[cancelled].isReturn == run.line.isReturn else { return false }
        let firstAfterEight = max(0, (3 * 60 - run.line.phase + run.line.headway - 1) / run.line.headway)
        return run.index == firstAfterEight
    }

    /// Minutes late: about three runs in ten are 1 to 7 minutes late, chosen by a hash of the
    /// line, the day and the run's number.
    func delay(of run: Run) -> Int {
        guard !isCancelled(run) else { return 0 }
        let hash = StableHash(run.line.key, run.serviceDay.compact, String(run.number))
        guard hash.pick(10) < 3 else { return 0 }
        return 1 + StableHash(run.line.key, run.serviceDay.compact, String(run.number), "minutes").pick(7)
    }

    /// The platform a run uses at a station: fixed per station, line and direction; only trains have one.
    func platform(at station: Int, on line: Line) -> String? {
        guard line.category.isTrain else { return nil }
        let id = network.stations[station].id
        let count = network.hubs.contains(station) ? 6 + StableHash(id, "platforms").pick(10) : 2 + StableHash(id, "platforms").pick(3)
        return String(1 + StableHash(id, line.key, line.isReturn ? "back" : "out").pick(count))
    }

    /// The station, time, prognosis and platform of a run at one of its stops.
    func stopTime(_ run: Run, at position: Int, departing: Bool, delay: Int) -> StopTime {
        let station = run.line.stops[position]
        let time = clock.moment(departing ? run.departure(at: position) : run.arrival(at: position))
        return StopTime(
            station: network.stations[station], time: time,
            prognosis: delay > 0 ? clock.moment(time.instant + Int64(delay) * 60) : nil,
            platform: platform(at: station, on: run.line))
    }

    /// A run as ridden between two of its stops (positions, inclusive).
    func ride(_ run: Run, from first: Int, to last: Int) -> Ride {
        let line = run.line
        let names = line.category.operatorNames
        let cancelled = isCancelled(run)
        return Ride(
            category: line.category, line: line.number, number: String(run.number),
            direction: network.stations[line.stops[line.stops.count - 1]], origin: network.stations[line.stops[0]],
            operatorCode: names.short, operatorName: names.long, delay: delay(of: run), isCancelled: cancelled,
            stops: (first...last).map { position in
                Ride.PassedStop(
                    position: position, station: network.stations[line.stops[position]],
                    arrival: position == 0 ? nil : clock.moment(run.arrival(at: position)),
                    departure: position == line.stops.count - 1 ? nil : clock.moment(run.departure(at: position)))
            })
    }
}
