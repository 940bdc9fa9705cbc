import Model

/// The lines of the sandbox timetable, derived from a station list alone.
///
/// - The largest railway stations present are hubs; every two hubs have a direct line (IC from
///   70 km, IR below), every 30 minutes.
/// - Every other railway station belongs to its nearest hub; per hub, the stations in each 45°
///   sector form one suburban line from the hub outwards (S every 30 minutes up to 40 km, R
///   hourly beyond).
/// - Every bus, tram, ship or cableway stop belongs to its nearest railway station; per station,
///   kind and 45° sector the stops form one line from the station outwards (bus every 15, tram
///   every 10 minutes, less often on long lines).
struct Network: Sendable {
    /// The largest Swiss stations by UIC number, in order of size; those present are hubs.
    static let hubIDs = [
        "8503000", "8507000", "8500010", "8501008", "8501120", "8505000", "8500218", "8506000", "8506302",
        "8504300", "8509000", "8505300", "8505213", "8501609", "8504100", "8504221", "8502113", "8503424",
        "8501506", "8502204",
    ]
    /// Hubs when none of the known ones is in the list: this many railway stations, by id.
    static let fallbackHubCount = 8

    let stations: [Station]
    /// Station index by id without leading zeros.
    let index: [String: Int]
    /// Hub station indices, largest first.
    let hubs: [Int]
    /// Per railway station: its hub (itself for a hub).
    let hubOf: [Int?]
    /// Per stop that is not a railway station: its nearest railway station.
    let feederOf: [Int?]
    let lines: [Line]
    /// Per station: the lines that stop there and the stop's position on each.
    let linesAt: [[LineStop]]
    /// Per station: the line groups it is on.
    let groupsAt: [Set<Int>]
    /// Per group: its two directions.
    let groupLines: [(out: Int, back: Int)]
    /// Per station that is not a hub: the group that takes it towards its hub or railway station.
    let homeGroup: [Int?]
    /// The direct line between two hubs, by the pair of station indices (lower first).
    let trunkGroups: [HubPair: Int]
    /// The line with one cancelled run each day (Bern → Zürich HB when both are present).
    let cancelledLine: Int?

    struct LineStop: Sendable {
        let line: Int
        let position: Int
    }

    struct HubPair: Hashable, Sendable {
        let a: Int, b: Int
        init(_ x: Int, _ y: Int) { (a, b) = x < y ? (x, y) : (y, x) }
    }

    init(stations input: [Station]) {
        // The first of several stations with one id is kept, whatever order they come in.
        var seen = Set<String>()
        let stations = input.enumerated().sorted { ($0.element.id, $0.offset) < ($1.element.id, $1.offset) }
            .map(\.element).filter { seen.insert(Network.key($0.id)).inserted }
        self.stations = stations
        var index: [String: Int] = [:]
        for (position, station) in stations.enumerated() { index[Network.key(station.id)] = position }
        self.index = index

        let trains = stations.indices.filter { stations[$0].kind == .train }
        var hubs = Network.hubIDs.compactMap { index[$0] }.filter { stations[$0].kind == .train }
        if hubs.isEmpty { hubs = Array(trains.prefix(Network.fallbackHubCount)) }
        self.hubs = hubs
        var hubOf = [Int?](repeating: nil, count: stations.count)
        for train in trains {
            hubOf[train] = hubs.contains(train) ? train : Network.nearest(to: train, among: hubs, in: stations)
        }
        var feederOf = [Int?](repeating: nil, count: stations.count)
        for stop in stations.indices where stations[stop].kind != .train {
            feederOf[stop] = Network.nearest(to: stop, among: trains, in: stations)
        }
        self.hubOf = hubOf
        self.feederOf = feederOf

        var builder = Builder(stations: stations)
        trunkGroups = builder.addTrunkLines(between: hubs)
        builder.addRegionalLines(hubs: hubs, trains: trains, hubOf: hubOf)
        builder.addLocalLines(feeders: trains, feederOf: feederOf)
        lines = builder.lines
        groupLines = builder.groups
        homeGroup = builder.homeGroup

        var linesAt = [[LineStop]](repeating: [], count: stations.count)
        var groupsAt = [Set<Int>](repeating: [], count: stations.count)
        for (number, line) in builder.lines.enumerated() {
            for (position, station) in line.stops.enumerated() {
                linesAt[station].append(LineStop(line: number, position: position))
                if let group = line.group { groupsAt[station].insert(group) }
            }
        }
        self.linesAt = linesAt
        self.groupsAt = groupsAt

        if let bern = index["8507000"], let zurich = index["8503000"], let group = trunkGroups[HubPair(bern, zurich)] {
            let pair = builder.groups[group]
            cancelledLine = builder.lines[pair.out].stops[0] == bern ? pair.out : pair.back
        } else {
            cancelledLine = builder.groups.first?.out
        }
    }

    /// An id without leading zeros and without HAFAS's `#85` suffix (`008503000#85` → `8503000`).
    static func key(_ id: String) -> String {
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

    /// Members grouped by 45° sector around a centre, each sector ordered by distance (then id).
    static func sectors(of members: [Int], around centre: Int, in stations: [Station]) -> [[Int]] {
        var sectors = [[(Int, Double)]](repeating: [], count: 8)
        for member in members {
            let sector = min(7, Int(Geo.bearing(from: stations[centre], to: stations[member]) / 45))
            sectors[sector].append((member, Geo.distance(stations[centre], stations[member])))
        }
        return sectors.filter { !$0.isEmpty }.map { sector in
            sector.sorted { ($0.1, stations[$0.0].id) < ($1.1, stations[$1.0].id) }.map(\.0)
        }
    }
}
