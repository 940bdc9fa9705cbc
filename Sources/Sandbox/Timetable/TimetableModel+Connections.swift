public import Model

extension TimetableModel {
    /// Minutes between reaching a stop on foot and the departure there.
    static let walkMargin = 2

    /// Connections between two stations, departing at or after `time` (or, with
    /// `isArrivalTime`, arriving at or before it), in order of departure.
    ///
    /// Each connection leaves as late as it can for its arrival: a later departure that arrives
    /// at the same time replaces an earlier one. Runs that are cancelled stay in (the timetable
    /// still lists them, as HAFAS does); ``Connection/isRidable`` tells.
    public func connections(
        from origin: Station, to destination: Station, at time: LocalDateTime, isArrivalTime: Bool = false, limit: Int = 4
    ) throws(TimetableError) -> [Connection] {
        try connections(from: index(of: origin), to: index(of: destination), at: clock.instant(of: time), isArrivalTime: isArrivalTime, limit: limit)
    }

    /// Connections between two stations by index, from (or, with `isArrivalTime`, until) an instant.
    func connections(from: Int, to: Int, at instant: Int64, isArrivalTime: Bool, limit: Int) throws(TimetableError) -> [Connection] {
        guard from != to else { throw .tooClose }
        let hops = hops(from: from, to: to)
        guard limit > 0 else { return [] }
        if !hops.contains(where: \.isRide) {
            return [walkOnly(hops, at: instant, arriving: isArrivalTime)]
        }
        return isArrivalTime ? backward(hops, before: instant, limit: limit) : forward(hops, after: instant, limit: limit)
    }

    /// Minutes to allow between two services at a station.
    static func margin(from previous: Category?, to next: Category?) -> Int {
        switch (previous, next) {
        case (nil, _): 0
        case (_, nil): 0
        case (let previous?, let next?) where previous.isTrain && next.isTrain: 4
        case (let previous?, let next?) where previous.isTrain || next.isTrain: 5
        default: 3
        }
    }

    private func forward(_ hops: [Hop], after instant: Int64, limit: Int) -> [Connection] {
        let first = hops.firstIndex(where: \.isRide)!
        guard case .ride(let line, let boarding, _) = hops[first] else { return [] }
        let lead = hops[..<first].reduce(0) { $0 + $1.walkMinutes }
        var earliest = instant + Int64(lead > 0 ? lead + Self.walkMargin : 0) * 60
        var found: [Connection] = []
        // Each round tries the next run of the first line; rounds that only catch the same later
        // runs replace their predecessor, so a few more rounds than connections are needed.
        for _ in 0..<(limit * 8 + 8) {
            guard let run = runs(of: line, departingFrom: boarding, atOrAfter: earliest, count: 1).first,
                  let candidate = chainForward(hops, first: first, run: run) else { break }
            if let last = found.last, candidate.arrival.time.instant <= last.arrival.time.instant {
                found[found.count - 1] = candidate
            } else {
                if found.count == limit { break }
                found.append(candidate)
            }
            earliest = run.departure(at: boarding) + 1
        }
        return found
    }

    private func backward(_ hops: [Hop], before instant: Int64, limit: Int) -> [Connection] {
        let last = hops.lastIndex(where: \.isRide)!
        guard case .ride(let line, _, let alighting) = hops[last] else { return [] }
        let tail = hops[(last + 1)...].reduce(0) { $0 + $1.walkMinutes }
        var latest = instant - Int64(tail) * 60
        var found: [Connection] = []
        for _ in 0..<(limit * 8 + 8) {
            guard let run = lastRun(of: line, arrivingAt: alighting, atOrBefore: latest),
                  let candidate = chainBackward(hops, last: last, run: run) else { break }
            if let previous = found.last, candidate.departure.time.instant >= previous.departure.time.instant {
                found[found.count - 1] = candidate
            } else {
                if found.count == limit { break }
                found.append(candidate)
            }
            latest = run.arrival(at: alighting) - 1
        }
        return found.reversed()
    }

    /// The connection that takes `run` for the first ride and the first possible run after each transfer.
    private func chainForward(_ hops: [Hop], first: Int, run: Run) -> Connection? {
        guard case .ride(_, let boarding, _) = hops[first] else { return nil }
        let lead = hops[..<first].reduce(0) { $0 + $1.walkMinutes }
        var time = run.departure(at: boarding) - Int64(lead > 0 ? lead + Self.walkMargin : 0) * 60
        var previous: Category?
        var walked = false
        var sections: [Section] = []
        for (position, hop) in hops.enumerated() {
            switch hop {
            case .walk(let from, let to, let metres, let minutes):
                sections.append(walk(from: from, to: to, metres: metres, start: time, minutes: minutes))
                time += Int64(minutes) * 60
                walked = true
            case .ride(let line, let boarding, let alighting):
                let chosen: Run
                if position == first {
                    chosen = run
                } else {
                    let margin = walked ? Self.walkMargin : Self.margin(from: previous, to: line.category)
                    guard let next = runs(of: line, departingFrom: boarding, atOrAfter: time + Int64(margin) * 60, count: 1).first else { return nil }
                    chosen = next
                }
                sections.append(section(chosen, from: boarding, to: alighting))
                time = chosen.arrival(at: alighting)
                previous = line.category
                walked = false
            }
        }
        return Connection(sections: sections)
    }

    /// The connection that takes `run` for the last ride and the last possible run before each transfer.
    private func chainBackward(_ hops: [Hop], last: Int, run: Run) -> Connection? {
        guard case .ride(_, let boarding, let alighting) = hops[last] else { return nil }
        var tailStart = run.arrival(at: alighting)
        var sections: [Section] = []
        for hop in hops[(last + 1)...] {
            guard case .walk(let from, let to, let metres, let minutes) = hop else { return nil }
            sections.append(walk(from: from, to: to, metres: metres, start: tailStart, minutes: minutes))
            tailStart += Int64(minutes) * 60
        }
        var leading = [section(run, from: boarding, to: alighting)]
        var time = run.departure(at: boarding)
        var next: Category? = run.line.category
        var walkedAfter = false
        for hop in hops[..<last].reversed() {
            switch hop {
            case .walk(let from, let to, let metres, let minutes):
                let end = time - Int64(walkedAfter ? 0 : Self.walkMargin) * 60
                leading.append(walk(from: from, to: to, metres: metres, start: end - Int64(minutes) * 60, minutes: minutes))
                time = end - Int64(minutes) * 60
                walkedAfter = true
            case .ride(let line, let boarding, let alighting):
                let margin = walkedAfter ? 0 : Self.margin(from: line.category, to: next)
                guard let earlier = lastRun(of: line, arrivingAt: alighting, atOrBefore: time - Int64(margin) * 60) else { return nil }
                leading.append(section(earlier, from: boarding, to: alighting))
                time = earlier.departure(at: boarding)
                next = line.category
                walkedAfter = false
            }
        }
        return Connection(sections: leading.reversed() + sections)
    }

    private func walkOnly(_ hops: [Hop], at instant: Int64, arriving: Bool) -> Connection {
        guard case .walk(let from, let to, let metres, let minutes) = hops[0] else { preconditionFailure("a walk") }
        let start = arriving ? instant - Int64(minutes) * 60 : instant
        return Connection(sections: [walk(from: from, to: to, metres: metres, start: start, minutes: minutes)])
    }

    private func section(_ run: Run, from boarding: Int, to alighting: Int) -> Section {
        let realtime = realtime(of: run)
        return Section(
            departure: stopTime(run, at: boarding, departing: true, realtime: realtime),
            arrival: stopTime(run, at: alighting, departing: false, realtime: realtime),
            kind: .ride(ride(run, from: boarding, to: alighting, realtime: realtime)))
    }

    private func walk(from: Int, to: Int, metres: Int, start: Int64, minutes: Int) -> Section {
        Section(
            departure: StopTime(station: network.stations[from], time: clock.moment(start), prognosis: nil, platform: nil),
            arrival: StopTime(station: network.stations[to], time: clock.moment(start + Int64(minutes) * 60), prognosis: nil, platform: nil),
            kind: .walk(metres: metres))
    }
}
