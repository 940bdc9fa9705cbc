import Model

extension Network {
    /// Collects the lines and their groups while the network is made.
    struct Builder {
        let stations: [Station]
        var lines: [Line] = []
        var groups: [(out: Int, back: Int)] = []
        /// Per station: the group that takes it towards its hub or the first stop of its lines.
        var homeGroup: IndexMap

        init(stations: [Station]) {
            self.stations = stations
            homeGroup = IndexMap(count: stations.count)
        }

        /// A direct line between every two hubs: IC from 70 km, IR below; the line between the
        /// `stoppingOnTheWay` pair also stops at the hubs on its way.
        mutating func addTrunkLines(between hubs: [Int], stoppingOnTheWay stopping: HubPair? = nil) -> [HubPair: Int] {
            var trunks: [HubPair: Int] = [:]
            for (first, a) in hubs.enumerated() {
                for b in hubs[(first + 1)...] {
                    let category: Category = Geo.distance(stations[a], stations[b]) >= 70_000 ? .interCity : .interRegio
                    let ordinal = trunks.count
                    let via = HubPair(a, b) == stopping ? hubsOnTheWay(from: a, to: b, among: hubs) : []
                    trunks[HubPair(a, b)] = add(
                        category: category, number: String(ordinal + 1), stops: [a] + via + [b], numberBase: 1000 + ordinal * 100)
                }
            }
            return trunks
        }

        /// The hubs a line from `a` to `b` passes: at most 10 % longer that way, ordered from `a`
        /// (Bern – Zürich HB: Olten, Aarau; not Luzern or Zug, 12 % off).
        private func hubsOnTheWay(from a: Int, to b: Int, among hubs: [Int]) -> [Int] {
            let direct = Geo.distance(stations[a], stations[b])
            return hubs.filter { hub in
                hub != a && hub != b && Geo.distance(stations[a], stations[hub]) + Geo.distance(stations[hub], stations[b]) <= 1.1 * direct
            }.sorted { Geo.distance(stations[a], stations[$0]) < Geo.distance(stations[a], stations[$1]) }
        }

        /// Per hub and 45° sector, lines from the hub out through its railway stations: S up to
        /// 40 km, R beyond.
        mutating func addRegionalLines(hubs: [Int], trains: [Int], hubOf: IndexMap) {
            var ordinal = 0
            for hub in hubs {
                let members = trains.filter { hubOf[$0] == hub && $0 != hub }
                for (number, sector) in Network.sectors(of: members, around: hub, in: stations, Network.regionalSectors).enumerated() {
                    let category: Category = Geo.distance(stations[hub], stations[sector.last!]) <= 40_000 ? .sBahn : .regio
                    let group = add(category: category, number: String(number + 1), stops: [hub] + sector, numberBase: 20_000 + ordinal * 100)
                    for member in sector { homeGroup[member] = group }
                    ordinal += 1
                }
            }
        }

        /// Per railway station and kind, lines out through the stops of that kind that belong to
        /// the station, per 90° sector, from the stop of the kind nearest the station when it is
        /// within walking distance, else from the station; returns each stop's first stop.
        mutating func addLocalLines(feeders: [Int], feederOf: IndexMap, count: Int) -> IndexMap {
            var stopsOf: [Int: [Int]] = [:]
            for stop in 0..<count {
                if let feeder = feederOf[stop] { stopsOf[feeder, default: []].append(stop) }
            }
            var terminalOf = IndexMap(count: stations.count)
            var ordinal = 0
            for feeder in feeders {
                var number = 0
                for category in [Category.tram, .bus, .ship, .cableway] {
                    var members = (stopsOf[feeder] ?? []).filter { Network.category(of: stations[$0].kind) == category }
                    guard !members.isEmpty else { continue }
                    var terminal = feeder
                    let nearest = members.map { ($0, Geo.distance(stations[feeder], stations[$0])) }
                        .min { ($0.1, $0.0) < ($1.1, $1.0) }!
                    if nearest.1 <= Network.walkingDistance {
                        terminal = nearest.0
                        members.removeAll { $0 == terminal }
                    }
                    for member in members + (terminal == feeder ? [] : [terminal]) { terminalOf[member] = terminal }
                    for sector in Network.sectors(of: members, around: terminal, in: stations, Network.localSectors) {
                        number += 1
                        let farthest = Geo.distance(stations[terminal], stations[sector.last!])
                        // Long rural lines run less often than town lines.
                        let headway = farthest > 25_000 ? 60 : farthest > 10_000 ? max(30, category.headway) : category.headway
                        let group = add(
                            category: category, number: String(number), stops: [terminal] + sector,
                            numberBase: 100_000 + ordinal * 300, headway: headway)
                        for member in sector { homeGroup[member] = group }
                        ordinal += 1
                    }
                }
            }
            return terminalOf
        }

        /// Adds both directions of a line; returns its group.
        private mutating func add(category: Category, number: String, stops: [Int], numberBase: Int, headway: Int? = nil) -> Int {
            let group = groups.count
            let key = "\(category.rawValue) \(stations[stops[0]].id)-\(stations[stops[stops.count - 1]].id)"
            let pair = Line.pair(
                key: key, group: group, category: category, number: number, stops: stops, stations: stations,
                numberBase: numberBase, headway: headway)
            groups.append((lines.count, lines.count + 1))
            lines.append(pair.out)
            lines.append(pair.back)
            return group
        }
    }
}
