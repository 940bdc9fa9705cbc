import Model

/// The lines of the sandbox timetable, derived from a station list alone.
///
/// - The largest railway stations present are hubs; every two hubs have a direct line (IC from
///   70 km, IR below), every 30 minutes. The Bern – Zürich HB line also stops at the hubs on its
///   way (Olten, Aarau), so that its runs have intermediate stops to skip in real time.
/// - Every other railway station belongs to its nearest hub; per hub, the stations in each 45°
///   sector form suburban lines from the hub outwards (S every 30 minutes up to 40 km, R hourly
///   beyond), at most 12 stations each: a crowded sector has several, each through every
///   second (third, …) of its stations by distance.
/// - Every bus, tram, ship or cableway stop belongs to its nearest railway station. Per
///   station and kind, the lines start at the stop of that kind nearest the station when it is
///   within `walkingDistance` (the station's own bus stop, tram stop or pier, `Bern, Bahnhof`),
///   which is walked to from the station; otherwise at the station itself. From there, per
///   90° sector, the stops form lines outwards, at most 16 each (bus every 15, tram every 10
///   minutes, less often on long lines).
///
/// So every stop is on a line, or is its lines' first stop a walk from its railway station, and
/// every two stops are connected. Nearest stations come from a grid (`NearestStations`), so a
/// network of the 26,644 Swiss stops builds in a fraction of a second.
struct Network: Sendable {
    /// The largest Swiss stations by UIC number, in order of size; those present are hubs.
    static let hubIDs = [
        "8503000", "8507000", "8500010", "8501008", "8501120", "8505000", "8500218", "8506000", "8506302",
        "8504300", "8509000", "8505300", "8505213", "8501609", "8504100", "8504221", "8502113", "8503424",
        "8501506", "8502204",
    ]
    /// Hubs when none of the known ones is in the list: this many railway stations, by id.
    static let fallbackHubCount = 8
    /// Stops this close to their railway station are walked from and to, not ridden.
    static let walkingDistance = 700.0

    let stations: [Station]
    /// Station index by id without leading zeros.
    let index: StationIndex
    /// Hub station indices, largest first.
    let hubs: [Int]
    /// Per railway station: its hub (itself for a hub).
    let hubOf: IndexMap
    /// Per stop that is not a railway station: its nearest railway station.
    let feederOf: IndexMap
    /// Per stop that is not a railway station: the first stop of the lines of its kind at its
    /// railway station (that station itself, or a stop of the kind within walking distance).
    let terminalOf: IndexMap
    let lines: [Line]
    /// Every line's stops, by station: station `s`'s are `lineStops[lineStopStarts[s]..<lineStopStarts[s + 1]]`.
    private let lineStops: [LineStop]
    private let lineStopStarts: [Int32]
    /// Per group: its two directions.
    let groupLines: [(out: Int, back: Int)]
    /// Per station that is not a hub or a terminal: the group that takes it towards its hub or terminal.
    let homeGroup: IndexMap
    /// The direct line between two hubs, by the pair of station indices (lower first).
    let trunkGroups: [HubPair: Int]
    /// The line whose runs show each day's designated real-time states (Bern → Zürich HB when both
    /// are present): a changed platform, a cancellation, a run without real-time, a skipped stop
    /// and an alert (see `TimetableModel+Realtime.swift`).
    let designatedLine: Int?

    /// A line stopping at a station, and the stop's position on it.
    struct LineStop: Sendable {
        private let storedLine: Int32
        private let storedPosition: Int32

        init(line: Int, position: Int) {
            storedLine = Int32(line)
            storedPosition = Int32(position)
        }

        var line: Int { Int(storedLine) }
        var position: Int { Int(storedPosition) }
    }

    struct HubPair: Hashable, Sendable {
        let a: Int, b: Int
        init(_ x: Int, _ y: Int) { (a, b) = x < y ? (x, y) : (y, x) }
    }

    init(stations input: [Station]) {
        // The first of several stations with one id is kept, whatever order they come in; a list
        // already in order (the embedded one) is shared, not copied.
        var seen = Set<String>()
        let inOrder = zip(input, input.dropFirst()).allSatisfy { $0.id < $1.id }
            && input.allSatisfy { seen.insert(Network.key($0.id)).inserted }
        seen.removeAll()
        let stations = inOrder ? input : input.enumerated().sorted { ($0.element.id, $0.offset) < ($1.element.id, $1.offset) }
            .map(\.element).filter { seen.insert(Network.key($0.id)).inserted }
        self.stations = stations
        let index = StationIndex(stations)
        self.index = index

        let trains = stations.indices.filter { stations[$0].kind == .train }
        var hubs = Network.hubIDs.compactMap { index[$0] }.filter { stations[$0].kind == .train }
        if hubs.isEmpty { hubs = Array(trains.prefix(Network.fallbackHubCount)) }
        self.hubs = hubs
        var hubOf = IndexMap(count: stations.count)
        for train in trains {
            hubOf[train] = hubs.contains(train) ? train : Network.nearest(to: train, among: hubs, in: stations)
        }
        var feederOf = IndexMap(count: stations.count)
        let railway = NearestStations(members: trains, of: stations)
        for stop in stations.indices where stations[stop].kind != .train {
            feederOf[stop] = railway.nearest(to: stop)
        }
        self.hubOf = hubOf
        self.feederOf = feederOf

        let bern = index["8507000"], zurich = index["8503000"]
        var builder = Builder(stations: stations)
        trunkGroups = builder.addTrunkLines(between: hubs, stoppingOnTheWay: bern.flatMap { b in zurich.map { HubPair(b, $0) } })
        builder.addRegionalLines(hubs: hubs, trains: trains, hubOf: hubOf)
        terminalOf = builder.addLocalLines(feeders: trains, feederOf: feederOf, count: stations.count)
        // Exactly as many as there are: the builder's array grew in steps.
        lines = builder.lines.map { $0 }
        groupLines = builder.groups
        homeGroup = builder.homeGroup

        var counts = [Int32](repeating: 0, count: stations.count + 1)
        for line in builder.lines {
            for station in line.stops { counts[station + 1] += 1 }
        }
        for station in stations.indices { counts[station + 1] += counts[station] }
        var next = counts
        var lineStops = [LineStop](repeating: LineStop(line: 0, position: 0), count: Int(counts[stations.count]))
        for (number, line) in builder.lines.enumerated() {
            for (position, station) in line.stops.enumerated() {
                lineStops[Int(next[station])] = LineStop(line: number, position: position)
                next[station] += 1
            }
        }
        self.lineStops = lineStops
        lineStopStarts = counts

        if let bern, let zurich, let group = trunkGroups[HubPair(bern, zurich)] {
            let pair = builder.groups[group]
            designatedLine = builder.lines[pair.out].stops[0] == bern ? pair.out : pair.back
        } else {
            designatedLine = builder.groups.first?.out
        }
    }

    /// The lines that stop at a station and the stop's position on each, in line order.
    func lines(at station: Int) -> ArraySlice<LineStop> {
        lineStops[Int(lineStopStarts[station])..<Int(lineStopStarts[station + 1])]
    }

    /// The line groups a station is on, in order, each once: the lines of a group are made one
    /// after the other, so their stops come in group order.
    func groups(at station: Int) -> [Int] {
        var groups: [Int] = []
        for stop in lines(at: station) {
            if let group = lines[stop.line].group, group != groups.last { groups.append(group) }
        }
        return groups
    }

    /// The smallest group in both of two ordered lists of groups, if any.
    static func firstCommonGroup(_ a: [Int], _ b: [Int]) -> Int? {
        var i = 0, j = 0
        while i < a.count, j < b.count {
            if a[i] == b[j] { return a[i] }
            if a[i] < b[j] { i += 1 } else { j += 1 }
        }
        return nil
    }

    /// An id without leading zeros and without HAFAS's `#85` suffix (`008503000#85` → `8503000`).
    static func key(_ id: String) -> String {
        // Most ids are already keys: no `#`, no leading zero.
        if id.utf8.first != 0x30, !id.utf8.contains(0x23) { return id }
        let base = id.split(separator: "#", maxSplits: 1).first.map(String.init) ?? id
        let trimmed = base.drop { $0 == "0" }
        return trimmed.isEmpty ? base : String(trimmed)
    }

    static func category(of kind: Station.Kind) -> Category {
        switch kind {
        case .train: .regio
        case .tram: .tram
        case .bus: .bus
        case .ship: .ship
        case .cableway: .cableway
        }
    }

    /// The candidate nearest to a station (ties: the earlier candidate).
    static func nearest(to station: Int, among candidates: [Int], in stations: [Station]) -> Int? {
        var best: (index: Int, metres: Double)?
        for candidate in candidates where candidate != station {
            let metres = Geo.distance(stations[station], stations[candidate])
            if best == nil || metres < best!.metres { best = (candidate, metres) }
        }
        return best?.index
    }

    /// The railway stations around a hub form lines per 45° sector, at most 12 stations each.
    static let regionalSectors = (count: 8, maximumStops: 12)
    /// The stops of one kind around a railway station form lines per 90° sector, at most 16 each.
    static let localSectors = (count: 4, maximumStops: 16)

    /// Members grouped by sector (`count` equal sectors) around a centre, each sector ordered
    /// by distance (then id) and dealt into as few lines of at most `maximumStops` as it needs:
    /// the first takes the sector's 1st, (n+1)th, … stations, the second its 2nd, (n+2)th, …,
    /// so each reaches out as far as the sector does.
    static func sectors(
        of members: [Int], around centre: Int, in stations: [Station], _ shape: (count: Int, maximumStops: Int)
    ) -> [[Int]] {
        var sectors = [[(Int, Double)]](repeating: [], count: shape.count)
        let width = 360 / Double(shape.count)
        for member in members {
            let sector = min(shape.count - 1, Int(Geo.bearing(from: stations[centre], to: stations[member]) / width))
            sectors[sector].append((member, Geo.distance(stations[centre], stations[member])))
        }
        return sectors.filter { !$0.isEmpty }.flatMap { sector -> [[Int]] in
            let ordered = sector.sorted { ($0.1, stations[$0.0].id) < ($1.1, stations[$1.0].id) }.map(\.0)
            let count = (ordered.count + shape.maximumStops - 1) / shape.maximumStops
            return (0..<count).map { line in stride(from: line, to: ordered.count, by: count).map { ordered[$0] } }
        }
    }
}

/// Stations by the key of their id (`Network.key`), without a dictionary: their positions sorted
/// by key, searched by halves. A tenth of a dictionary's memory for the 26,644 stations.
struct StationIndex: Sendable {
    private let stations: [Station]
    private let order: [Int32]

    init(_ stations: [Station]) {
        let keys = stations.map { Network.key($0.id) }
        self.stations = stations
        order = stations.indices.sorted { keys[$0] < keys[$1] }.map { Int32($0) }
    }

    /// The position of the station whose id has this key.
    subscript(key: String) -> Int? {
        var low = 0, high = order.count
        while low < high {
            let middle = (low + high) / 2
            if Network.key(stations[Int(order[middle])].id) < key { low = middle + 1 } else { high = middle }
        }
        guard low < order.count, Network.key(stations[Int(order[low])].id) == key else { return nil }
        return Int(order[low])
    }
}
