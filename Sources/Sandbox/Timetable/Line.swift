import Model

/// One line of the sandbox network in one direction: its stops, the minutes from its first
/// departure to each stop, and when it runs.
///
/// A line runs every `headway` minutes from 05:00 (plus its `phase`) until 01:00, and hourly
/// through the nights to Saturday and to Sunday, so that the night the clocks change has trains.
struct Line: Sendable {
    /// Identifies the line and its direction in hashes (`IC 8507000-8503000`).
    let key: String
    /// Shared by both directions of a line of the network; nil for a link made for one journey.
    let group: Int?
    let category: Category
    /// The line number as HAFAS writes it in LINE (`6`, `31`).
    let number: String
    /// Station indices in travel order.
    let stops: [Int]
    /// Minutes after the first departure at which the line reaches each stop.
    let arrivals: [Int]
    let headway: Int
    /// Minutes after 05:00 of the first run of a day.
    let phase: Int
    /// Runs are numbered `numberBase + 2 × run` going out and one more coming back.
    let numberBase: Int
    let isReturn: Bool

    /// Minutes after the first departure at which it leaves a stop: on arrival at the first and
    /// the last, after standing `dwell` minutes at the others.
    func departure(at position: Int) -> Int {
        position == 0 || position == stops.count - 1 ? arrivals[position] : arrivals[position] + category.dwell
    }

    /// The position of a station among the stops.
    func position(of station: Int) -> Int? {
        stops.firstIndex(of: station)
    }

    /// The minutes after 05:00 of each run's first departure in one service day: the day's
    /// service, then, before a Saturday or a Sunday, hourly runs until 05:00.
    func startMinutes(nightService: Bool) -> [Int] {
        var minutes: [Int] = []
        var minute = phase
        while minute < 20 * 60 {
            minutes.append(minute)
            minute += headway
        }
        if nightService {
            var night = (minutes.last ?? phase) + 60
            while night < 24 * 60 {
                minutes.append(night)
                night += 60
            }
        }
        return minutes
    }

    /// Both directions of a line through `stops`, its times from the distances between them.
    static func pair(
        key: String, group: Int?, category: Category, number: String, stops: [Int], stations: [Station],
        numberBase: Int, headway: Int? = nil
    ) -> (out: Line, back: Line) {
        precondition(stops.count >= 2, "a line has two stops or more")
        // Times grow with the straight distance from the first stop, and at least a minimum step
        // per stop: a fan of stops in one direction makes a plausible line without a road map.
        var arrivals = [0], departures = [0]
        let first = stations[stops[0]]
        for index in 1..<stops.count {
            let direct = category.minutes(forMetres: Geo.distance(first, stations[stops[index]]))
            let arrival = max(departures[index - 1] + category.minimumStep, direct + (index - 1) * category.dwell)
            arrivals.append(arrival)
            departures.append(index == stops.count - 1 ? arrival : arrival + category.dwell)
        }
        let segments = (1..<stops.count).map { arrivals[$0] - departures[$0 - 1] }
        var backArrivals = [0], backDepartures = [0]
        for (index, segment) in segments.reversed().enumerated() {
            let arrival = backDepartures[index] + segment
            backArrivals.append(arrival)
            backDepartures.append(index == segments.count - 1 ? arrival : arrival + category.dwell)
        }
        let headway = headway ?? category.headway
        let out = Line(
            key: key, group: group, category: category, number: number, stops: stops, arrivals: arrivals, headway: headway,
            phase: StableHash(key, "out").pick(headway), numberBase: numberBase, isReturn: false)
        let back = Line(
            key: key, group: group, category: category, number: number, stops: stops.reversed(), arrivals: backArrivals,
            headway: headway, phase: StableHash(key, "back").pick(headway), numberBase: numberBase, isReturn: true)
        return (out, back)
    }
}
