/// A step of a journey's route before it has times: a ride on a line between two of its stops,
/// or a walk.
enum Hop {
    case ride(Line, from: Int, to: Int)
    case walk(from: Int, to: Int, metres: Int, minutes: Int)

    var isRide: Bool {
        if case .ride = self { return true }
        return false
    }

    /// Minutes of a walk, 0 for a ride.
    var walkMinutes: Int {
        if case .walk(_, _, _, let minutes) = self { return minutes }
        return 0
    }
}

extension TimetableModel {
    /// Stops this close to their railway station are walked from and to, not ridden.
    static let walkingDistance = Network.walkingDistance
    /// Railway stations this close get a direct regional link when the way over hubs is long.
    static let directLinkDistance = 40_000.0

    /// How a route gets from one node to the next.
    enum Link: Equatable {
        case group(Int)
        case walk
        /// A line made for this journey: a direct regional link or a through train.
        case direct(Category)
    }

    /// The route from one station to another: up to its hub, across, down to the other; cut
    /// where the two ways meet, shortened where two of its stations share a line, a direct link
    /// for nearby railway stations that the hubs would take far around, and at most three transfers.
    func hops(from origin: Int, to destination: Int) -> [Hop] {
        let up = ascent(from: origin), down = ascent(from: destination)
        var nodes: [Int], links: [Link]
        if let meet = up.nodes.firstIndex(where: down.nodes.contains), let other = down.nodes.firstIndex(of: up.nodes[meet]) {
            nodes = Array(up.nodes[...meet]) + down.nodes[..<other].reversed()
            links = Array(up.links[..<meet]) + down.links[..<other].reversed()
        } else {
            let a = up.nodes[up.nodes.count - 1], b = down.nodes[down.nodes.count - 1]
            let across: Link = network.trunkGroups[Network.HubPair(a, b)].map(Link.group)
                ?? .direct(network.stations[a].kind == .train && network.stations[b].kind == .train ? .regio : .bus)
            nodes = up.nodes + down.nodes.reversed()
            links = up.links + [across] + down.links.reversed()
        }
        shortenAlongLines(&nodes, &links)
        linkNearbyStations(&nodes, &links)
        limitTransfers(&nodes, &links)
        if !links.contains(where: { $0 != .walk }) {
            // Only walking: one walk, straight there.
            nodes = [origin, destination]
            links = [.walk]
        }
        return links.indices.map { hop(links[$0], from: nodes[$0], to: nodes[$0 + 1]) }
    }

    /// A station's way up: to its railway station (walking when close, else riding to its lines'
    /// first stop and walking from there when that is not the station), then to its hub.
    private func ascent(from station: Int) -> (nodes: [Int], links: [Link]) {
        var nodes = [station], links: [Link] = []
        var current = station
        if let feeder = network.feederOf[station] {
            if Geo.distance(network.stations[station], network.stations[feeder]) > Self.walkingDistance {
                guard let group = network.homeGroup[station], let terminal = network.terminalOf[station] else { return (nodes, links) }
                links.append(.group(group))
                nodes.append(terminal)
            }
            if nodes.last != feeder {
                links.append(.walk)
                nodes.append(feeder)
            }
            current = feeder
        }
        if let hub = network.hubOf[current], hub != current, let group = network.homeGroup[current] {
            links.append(.group(group))
            nodes.append(hub)
        }
        return (nodes, links)
    }

    /// Two stations of the route on one line are joined by a ride on it, skipping what lies between.
    private func shortenAlongLines(_ nodes: inout [Int], _ links: inout [Link]) {
        var start = 0
        while start < nodes.count - 2 {
            let groups = network.groups(at: nodes[start])
            var shared: (end: Int, group: Int)?
            for end in (start + 2..<nodes.count).reversed() {
                if let group = Network.firstCommonGroup(groups, network.groups(at: nodes[end])) {
                    shared = (end, group)
                    break
                }
            }
            if let (end, group) = shared {
                nodes.removeSubrange(start + 1..<end)
                links.replaceSubrange(start..<end, with: [.group(group)])
            }
            start += 1
        }
    }

    /// Nearby railway stations that the route joins only over a long way round get a direct link.
    private func linkNearbyStations(_ nodes: inout [Int], _ links: inout [Link]) {
        let trains = nodes.indices.filter { network.stations[nodes[$0]].kind == .train }
        guard let first = trains.first, let last = trains.last, last - first >= 2 else { return }
        let direct = Geo.distance(network.stations[nodes[first]], network.stations[nodes[last]])
        let around = (first..<last).reduce(0.0) { $0 + Geo.distance(network.stations[nodes[$1]], network.stations[nodes[$1 + 1]]) }
        guard direct < Self.directLinkDistance, around > 1.3 * direct else { return }
        nodes.removeSubrange(first + 1..<last)
        links.replaceSubrange(first..<last, with: [.direct(.regio)])
    }

    /// More than three transfers: two train rides in a row become one through train.
    private func limitTransfers(_ nodes: inout [Int], _ links: inout [Link]) {
        while links.filter({ $0 != .walk }).count > 4 {
            guard let pair = (0..<links.count - 1).first(where: { isTrain(links[$0]) && isTrain(links[$0 + 1]) }) else { return }
            nodes.remove(at: pair + 1)
            links.replaceSubrange(pair...pair + 1, with: [.direct(.interRegio)])
        }
    }

    private func isTrain(_ link: Link) -> Bool {
        switch link {
        case .walk: false
        case .direct(let category): category.isTrain
        case .group(let group): network.lines[network.groupLines[group].out].category.isTrain
        }
    }

    /// The hop of a link between two stations: the line in the right direction, or the walk.
    private func hop(_ link: Link, from a: Int, to b: Int) -> Hop {
        let pair: (out: Line, back: Line)
        switch link {
        case .walk:
            let metres = Int((Geo.distance(network.stations[a], network.stations[b]) * 1.25).rounded())
            // 5 km/h.
            return .walk(from: a, to: b, metres: metres, minutes: max(1, (metres * 60 + 4999) / 5000))
        case .group(let group):
            let lines = network.groupLines[group]
            pair = (network.lines[lines.out], network.lines[lines.back])
        case .direct(let category):
            let (low, high) = network.stations[a].id < network.stations[b].id ? (a, b) : (b, a)
            let key = "\(category.rawValue) \(network.stations[low].id)-\(network.stations[high].id)"
            let hash = StableHash(key)
            pair = Line.pair(
                key: key, group: nil, category: category, number: String(10 + hash.pick(80)), stops: [low, high],
                stations: network.stations, numberBase: 60_000 + StableHash(key, "numbers").pick(300) * 100)
        }
        if let from = pair.out.position(of: a), let to = pair.out.position(of: b), from < to {
            return .ride(pair.out, from: from, to: to)
        }
        return .ride(pair.back, from: pair.back.position(of: a)!, to: pair.back.position(of: b)!)
    }
}
