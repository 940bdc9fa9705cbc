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

    /// The platform a run uses at a station: fixed per station, line and direction; only trains have one.
    func platform(at station: Int, on line: Line) -> String? {
        guard line.category.isTrain else { return nil }
        let id = network.stations[station].id
        return String(1 + StableHash(id, line.key, line.isReturn ? "back" : "out").pick(platformCount(at: station)))
    }

    /// How many platforms a railway station has: 6 to 15 at a hub, 2 to 4 elsewhere.
    func platformCount(at station: Int) -> Int {
        let id = network.stations[station].id
        return network.hubs.contains(station) ? 6 + StableHash(id, "platforms").pick(10) : 2 + StableHash(id, "platforms").pick(3)
    }

    /// The station, time, prediction and platform of a run at one of its stops.
    func stopTime(_ run: Run, at position: Int, departing: Bool, realtime: RunRealtime) -> StopTime {
        let station = run.line.stops[position]
        let time = clock.moment(departing ? run.departure(at: position) : run.arrival(at: position))
        return StopTime(
            station: network.stations[station], time: time,
            prognosis: realtime.delay(at: position).map { clock.moment(time.instant + Int64($0) * 60) },
            platform: platform(at: station, on: run.line),
            predictedPlatform: predictedPlatform(run, at: position, realtime: realtime),
            isSkipped: realtime.skippedStop == position)
    }

    /// A run as ridden between two of its stops (positions, inclusive).
    func ride(_ run: Run, from first: Int, to last: Int, realtime: RunRealtime) -> Ride {
        let line = run.line
        let names = line.category.operatorNames
        return Ride(
            category: line.category, line: line.number, number: String(run.number),
            direction: network.stations[line.stops[line.stops.count - 1]], origin: network.stations[line.stops[0]],
            operatorCode: names.short, operatorName: names.long, delay: realtime.delay(at: first) ?? 0, isCancelled: realtime.isCancelled,
            hasRealtime: realtime.isReported, situations: situations(of: run, from: first, to: last),
            stops: (first...last).map { position in
                let arrival = position == 0 ? nil : clock.moment(run.arrival(at: position))
                let departure = position == line.stops.count - 1 ? nil : clock.moment(run.departure(at: position))
                let delay = realtime.delay(at: position).map { Int64($0) * 60 }
                return Ride.PassedStop(
                    position: position, station: network.stations[line.stops[position]], arrival: arrival, departure: departure,
                    platform: platform(at: line.stops[position], on: line),
                    predictedArrival: delay.flatMap { delay in arrival.map { clock.moment($0.instant + delay) } },
                    predictedDeparture: delay.flatMap { delay in departure.map { clock.moment($0.instant + delay) } },
                    predictedPlatform: predictedPlatform(run, at: position, realtime: realtime),
                    isSkipped: realtime.skippedStop == position)
            })
    }
}
