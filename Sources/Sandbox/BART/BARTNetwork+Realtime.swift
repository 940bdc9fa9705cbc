extension BARTNetwork {
    /// The most a train is late, in seconds.
    static let longestDelay = 480

    /// Seconds a run is late leaving the station at `index` of its route: one run in eight is
    /// held up at a station on its way and runs 1 to 8 minutes late from there on, as the 2021
    /// feed's `<delay>` (219, 227 seconds) shows a few trains late and most at 0.
    func delay(of run: Run, at index: Int) -> Int {
        guard StableHash("delay", run.id).pick(8) == 0 else { return 0 }
        let heldAt = StableHash("held at", run.id).pick(max(routes[run.route].stations.count - 1, 1))
        guard index >= heldAt else { return 0 }
        return 60 + StableHash("delay seconds", run.id).pick(Self.longestDelay - 59)
    }

    /// Cars of a run's train, 6 to 10, the same at every station.
    func length(of run: Run) -> Int {
        6 + StableHash("length", run.id).pick(5)
    }

    /// The outage of the hour (UTC, which is the local hour too) that holds `instant`: one
    /// served station, chosen by the hour, has no predictions for 2 to 5 minutes of it, as
    /// etd-RICH-2017-06-26 shows ("Updates are temporarily unavailable."). Nil when no station
    /// is served.
    public func outage(hourOf instant: Int64) -> BARTOutage? {
        guard !served.isEmpty else { return nil }
        let hour = instant >= 0 ? instant / 3600 : (instant - 3599) / 3600
        let key = String(hour)
        let start = hour * 3600 + Int64(StableHash("outage minute", key).pick(56) * 60)
        let length = Int64((2 + StableHash("outage length", key).pick(4)) * 60)
        return BARTOutage(station: served[StableHash("outage", key).pick(served.count)], start: start, end: start + length)
    }
}
