public import Model

extension TimetableModel {
    /// Connections that pass through the `via` stations in order: each stretch is the best
    /// connection of its own, the next one leaving after a transfer margin at the via station.
    ///
    /// Departing at or after `time`, each connection of the first stretch is followed through to
    /// the destination; arriving by `time`, each connection of the last stretch is followed back
    /// to the origin. Via stations equal to their neighbours are passed over. Connections that
    /// arrive at the same time keep the latest departure, as ``connections(from:to:at:isArrivalTime:limit:)`` does.
    public func connections(
        from origin: Station, to destination: Station, via: [Station], at time: LocalDateTime, isArrivalTime: Bool = false,
        limit: Int = 4
    ) throws(TimetableError) -> [Connection] {
        var stops = [try index(of: origin)]
        for station in via {
            let next = try index(of: station)
            if next != stops.last { stops.append(next) }
        }
        let last = try index(of: destination)
        if stops.count > 1, stops.last == last { stops.removeLast() }
        guard stops.count > 1 else {
            return try connections(from: stops[0], to: last, at: clock.instant(of: time), isArrivalTime: isArrivalTime, limit: limit)
        }
        stops.append(last)
        let instant = clock.instant(of: time)
        return isArrivalTime ? try viaBackward(stops, before: instant, limit: limit) : try viaForward(stops, after: instant, limit: limit)
    }

    /// Minutes between arriving at a via station and leaving it again.
    static let viaMargin = 4

    private func viaForward(_ stops: [Int], after instant: Int64, limit: Int) throws(TimetableError) -> [Connection] {
        var found: [Connection] = []
        for first in try connections(from: stops[0], to: stops[1], at: instant, isArrivalTime: false, limit: limit) {
            var sections = first.sections
            var complete = true
            for stretch in 1..<(stops.count - 1) {
                let ready = sections[sections.count - 1].arrival.time.instant + Int64(Self.viaMargin) * 60
                guard let next = try connections(from: stops[stretch], to: stops[stretch + 1], at: ready, isArrivalTime: false, limit: 1).first
                else { complete = false; break }
                sections += next.sections
            }
            guard complete else { continue }
            let candidate = Connection(sections: sections)
            if let previous = found.last, candidate.arrival.time.instant <= previous.arrival.time.instant {
                found[found.count - 1] = candidate
            } else {
                found.append(candidate)
            }
        }
        return found
    }

    private func viaBackward(_ stops: [Int], before instant: Int64, limit: Int) throws(TimetableError) -> [Connection] {
        var found: [Connection] = []
        let lastStretch = stops.count - 2
        for final in try connections(from: stops[lastStretch], to: stops[lastStretch + 1], at: instant, isArrivalTime: true, limit: limit) {
            var sections = final.sections
            var complete = true
            for stretch in stride(from: lastStretch - 1, through: 0, by: -1) {
                let leave = sections[0].departure.time.instant - Int64(Self.viaMargin) * 60
                guard let earlier = try connections(from: stops[stretch], to: stops[stretch + 1], at: leave, isArrivalTime: true, limit: 1).last
                else { complete = false; break }
                sections = earlier.sections + sections
            }
            guard complete else { continue }
            let candidate = Connection(sections: sections)
            // In order of departure: a later candidate that leaves no later than the one before replaces it.
            if let previous = found.last, candidate.departure.time.instant <= previous.departure.time.instant {
                continue
            }
            found.append(candidate)
        }
        return found
    }
}
