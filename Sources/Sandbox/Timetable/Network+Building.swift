import Model

extension Network {
    /// Collects the lines and their groups while the network is made.
    struct Builder {
        let stations: [Station]
        var lines: [Line] = []
        var groups: [(out: Int, back: Int)] = []
        /// Per station: the group that takes it towards its hub or railway station.
        var homeGroup: [Int?]

        init(stations: [Station]) {
            self.stations = stations
            homeGroup = Array(repeating: nil, count: stations.count)
        }

        /// A direct line between every two hubs: IC from 70 km, IR below.
        mutating func addTrunkLines(between hubs: [Int]) -> [HubPair: Int] {
            var trunks: [HubPair: Int] = [:]
            for (first, a) in hubs.enumerated() {
                for b in hubs[(first + 1)...] {
                    let category: Category = Geo.distance(stations[a], stations[b]) >= 70_000 ? .interCity : .interRegio
                    let ordinal = trunks.count
                    trunks[HubPair(a, b)] = add(
                        category: category, number: String(ordinal + 1), stops: [a, b], numberBase: 1000 + ordinal * 100)
                }
            }
            return trunks
        }

        /// Per hub and 45° sector, a line from the hub out through its railway stations: S up to
        /// 40 km, R beyond.
        mutating func addRegionalLines(hubs: [Int], trains: [Int], hubOf: [Int?]) {
            var ordinal = 0
            for hub in hubs {
                let members = trains.filter { hubOf[$0] == hub && $0 != hub }
                for (number, sector) in Network.sectors(of: members, around: hub, in: stations).enumerated() {
                    let category: Category = Geo.distance(stations[hub], stations[sector.last!]) <= 40_000 ? .sBahn : .regio
                    let group = add(category: category, number: String(number + 1), stops: [hub] + sector, numberBase: 20_000 + ordinal * 100)
                    for member in sector { homeGroup[member] = group }
                    ordinal += 1
                }
            }
        }

        /// Per railway station, kind and 45° sector, a line from the station out through the stops
        /// that belong to it.
        mutating func addLocalLines(feeders: [Int], feederOf: [Int?]) {
            var stopsOf: [Int: [Int]] = [:]
            for (stop, feeder) in feederOf.enumerated() {
                if let feeder { stopsOf[feeder, default: []].append(stop) }
            }
            var ordinal = 0
            for feeder in feeders {
                var number = 0
                for category in [Category.tram, .bus, .ship, .cableway] {
                    let members = (stopsOf[feeder] ?? []).filter { Network.category(of: stations[$0].kind) == category }
                    for sector in Network.sectors(of: members, around: feeder, in: stations) {
                        number += 1
                        let farthest = Geo.distance(stations[feeder], stations[sector.last!])
                        // Long rural lines run less often than town lines.
                        let headway = farthest > 25_000 ? 60 : farthest > 10_000 ? max(30, category.headway) : category.headway
                        let group = add(
                            category: category, number: String(number), stops: [feeder] + sector,
                            numberBase: 100_000 + ordinal * 300, headway: headway)
                        for member in sector { homeGroup[member] = group }
                        ordinal += 1
                    }
                }
            }
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
