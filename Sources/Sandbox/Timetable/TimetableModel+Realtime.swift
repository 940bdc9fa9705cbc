/// Real-time as the simulated upstreams report it, decided per run and day by hashes of the line,
/// the service day and the run's number, so that the same day gives the same answers.
///
/// - About 1 run in 10 has no real-time at all; every other run is predicted, on time or late.
/// - About 3 runs in 10 are late, 1 to 7 minutes at their first stop, more further on.
/// - 1 late run in 4 is predicted at its first half of stops only (a prediction horizon).
/// - 1 train call in 15 of a predicted run is on another platform than planned.
///
/// And on the designated line (Bern → Zürich HB), each day: the first run leaving Bern after 07:00
/// leaves from another platform, the first after 08:00 is cancelled, the first after 09:00 has no
/// real-time, and the first after 10:00 skips its middle intermediate stop.
extension TimetableModel {
    /// Hours (local, of the service day) after which the designated line's designated runs leave.
    enum DesignatedHour {
        static let platformChange = 7, cancellation = 8, noRealtime = 9, skippedStop = 10
    }

    /// Whether a run is on the designated line, in its direction (Bern → Zürich HB).
    func isDesignated(_ run: Run) -> Bool {
        guard let designated = network.designatedLine else { return false }
        return network.lines[designated].key == run.line.key && network.lines[designated].isReturn == run.line.isReturn
    }

    /// Whether a run is the designated line's first leaving at or after `hour`:00.
    func isDesignated(_ run: Run, firstAfter hour: Int) -> Bool {
        guard isDesignated(run) else { return false }
        let minutes = (hour * 3600 - Self.serviceStart) / 60
        return run.index == max(0, (minutes - run.line.phase + run.line.headway - 1) / run.line.headway)
    }

    /// Whether a run is the day's cancelled one: on the designated line, the first leaving after 08:00.
    func isCancelled(_ run: Run) -> Bool {
        isDesignated(run, firstAfter: DesignatedHour.cancellation)
    }

    /// What the upstream reports about a run.
    func realtime(of run: Run) -> RunRealtime {
        if isCancelled(run) { return .cancelled }
        let hash = { (salt: String) in StableHash(run.line.key, run.serviceDay.compact, String(run.number), salt) }
        let designated = isDesignated(run)
        // The runs designated to show a state are reported whatever the hash says.
        let shows = isDesignated(run, firstAfter: DesignatedHour.platformChange) || isDesignated(run, firstAfter: DesignatedHour.skippedStop)
        let unreported = isDesignated(run, firstAfter: DesignatedHour.noRealtime) || !shows && hash("realtime").pick(10) == 0
        guard !unreported else { return .unreported }
        let stops = run.line.stops.count
        let delay = initialDelay(of: run)
        let horizon = delay > 0 && hash("horizon").pick(4) == 0
        let skipped = designated && isDesignated(run, firstAfter: DesignatedHour.skippedStop) && stops > 2 ? stops / 2 : nil
        return RunRealtime(
            isReported: true, isCancelled: false, initialDelay: delay, predictedStops: horizon ? max(1, stops / 2) : stops,
            skippedStop: skipped)
    }

    /// Minutes late at the first stop: about three runs in ten are 1 to 7 minutes late.
    private func initialDelay(of run: Run) -> Int {
        let hash = StableHash(run.line.key, run.serviceDay.compact, String(run.number))
        guard hash.pick(10) < 3 else { return 0 }
        return 1 + StableHash(run.line.key, run.serviceDay.compact, String(run.number), "minutes").pick(7)
    }

    /// The platform the upstream predicts for a train at a stop: the planned one, or another in
    /// about 1 call in 15 (and at Bern for the designated run after 07:00); nil where nothing is
    /// predicted or the run has no platforms.
    func predictedPlatform(_ run: Run, at position: Int, realtime: RunRealtime) -> String? {
        let station = run.line.stops[position]
        guard realtime.delay(at: position) != nil, let planned = platform(at: station, on: run.line), let number = Int(planned) else {
            return nil
        }
        let id = network.stations[station].id
        let changed = position == 0 && isDesignated(run, firstAfter: DesignatedHour.platformChange)
            || StableHash(run.line.key, run.serviceDay.compact, String(run.number), id, "platform").pick(15) == 0
        guard changed else { return planned }
        let count = platformCount(at: station)
        return String(1 + (number - 1 + 1 + StableHash(run.line.key, run.serviceDay.compact, String(run.number), id, "to").pick(count - 1)) % count)
    }
}
